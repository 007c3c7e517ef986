import { browserOf, isMiniProgram, isWeChatFamily } from "@davmu/contracts/user-agent";

/**
 * What kind of browser the visitor is in, read from the user agent: the site's names for the one
 * classification in packages/contracts/src/user-agent.ts (R-FIELD-1), which both the site and the API use.
 */

export { isMiniProgram };

export function isMobileUserAgent(ua: string): boolean {
  return browserOf(ua).mobile;
}

/** WeChat's clients: its in-app browser, its mini programs' web views and WeCom. */
export function isWeChat(ua: string): boolean {
  return isWeChatFamily(ua);
}

/** Inside the product's own native client (its web views add this marker to the user agent). */
export function isInOwnClient(ua: string): boolean {
  return /DavmuApp\//i.test(ua);
}

export interface Viewport {
  width: number;
  height: number;
}

/** What a page adds to /pc's address when the screen sent it there (a phone turned wide): `screen=wide`. */
export const wideScreenParam = "screen=wide";

/** Whether /pc's address says the screen sent the visitor (`wideScreenParam`). */
export function sentByWideScreen(url: URL): boolean {
  return url.searchParams.get("screen") === "wide";
}

/**
 * Desktop visitors get the phone-framed /pc page: when the viewport is at least 1000 px wide and
 * wider than tall, or the device is not a mobile device. Without a viewport (on the server) only
 * the device counts.
 */
export function shouldUsePcWrapper(ua: string, viewport?: Viewport): boolean {
  if (!isMobileUserAgent(ua)) return true;
  return viewport !== undefined && viewport.width >= 1000 && viewport.width > viewport.height;
}

export function deviceType(ua: string): "Android" | "IOS" {
  // a Mac says Mac OS X and counts with the iPhones here, as it always has
  return browserOf(ua).os === "ios" || /Mac OS X/i.test(ua) ? "IOS" : "Android";
}

/** "iOS 17.1", "Android 13", or the best guess the user agent allows. */
export function deviceOs(ua: string): string {
  const ios = ua.match(/OS (\d+)[_.](\d+)(?:[_.](\d+))? like Mac OS X/);
  if (ios) return `iOS ${ios[1]}.${ios[2]}${ios[3] ? `.${ios[3]}` : ""}`;
  const android = ua.match(/Android (\d+(?:\.\d+)*)/);
  if (android) return `Android ${android[1]}`;
  const harmony = ua.match(/(?:Open)?HarmonyOS(?:[ /](\d+(?:\.\d+)*))?/);
  if (harmony) return harmony[1] ? `HarmonyOS ${harmony[1]}` : "HarmonyOS";
  return "unknown";
}
