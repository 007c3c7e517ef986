/**
 * The links that open the native app (R-SHARE-3): its deep link, the iOS universal link and the
 * Android intent. Pure and tiny: the server puts the deep link in the share card, the browser's
 * open-app chain builds the others from it.
 */

/** How the native app is reached, from the site's settings (APP_SCHEME, APP_UNIVERSAL_LINK, …). */
export interface OpenAppSettings {
  /** URL scheme of the app: `jianglan` for `jianglan://open?url=…` */
  scheme: string;
  /** https address the app claims as a universal link on iOS; "" when it has none */
  universalLink: string;
  /** Android application id, for intent: links */
  androidPackage: string;
  /** the app's id on WeChat's open platform (wx-open-launch-app appid); "" when unset */
  wechatOpenAppId: string;
}

/** The item's deep link: the app opens the page it was shared from (its share link). */
export function appDeepLink(scheme: string, link: string): string {
  return `${scheme}://open?url=${encodeURIComponent(link)}`;
}

/** The universal link of a deep link: the https address the app claims, carrying the deep link. */
export function universalLinkOf(base: string, deepLink: string): string {
  const separator = base.includes("?") ? "&" : "?";
  return `${base}${separator}deeplink=${encodeURIComponent(deepLink)}`;
}

/**
 * The Android intent of a deep link, for Chrome and the browsers that follow it. No
 * browser_fallback_url: the chain's own timer sends the visitor to the download page, so the
 * fallback is reported like every other outcome.
 */
export function intentOf(deepLink: string, androidPackage: string): string {
  const colon = deepLink.indexOf("://");
  const scheme = deepLink.slice(0, colon);
  const rest = deepLink.slice(colon + 3);
  return `intent://${rest}#Intent;scheme=${scheme};package=${androidPackage};end`;
}
