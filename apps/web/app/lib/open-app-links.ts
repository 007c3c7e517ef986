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
 * The Android intent of a deep link, for Chrome and the browsers that keep its intent handling. With
 * `fallbackUrl` (the download page with the item's deferred-link code) Chrome opens that page itself
 * when no installed app takes the intent, instead of the Play Store, which most phones sold in China
 * do not have (decision 041). The value is URL-encoded, as Chrome reads it.
 */
export function intentOf(deepLink: string, androidPackage: string, fallbackUrl: string | null = null): string {
  const colon = deepLink.indexOf("://");
  const scheme = deepLink.slice(0, colon);
  const rest = deepLink.slice(colon + 3);
  const fallback = fallbackUrl ? `S.browser_fallback_url=${encodeURIComponent(fallbackUrl)};` : "";
  return `intent://${rest}#Intent;scheme=${scheme};package=${androidPackage};${fallback}end`;
}
