import { browserOf, isWeChatFamily } from "@davmu/contracts/user-agent";
import { appDeepLink } from "../../lib/open-app-links.ts";

/**
 * What the open-app chain's lazy parts share (R-SHARE-3): the outcome report, the visitor's
 * platform, and the page's deep link and mini program as its share card gives them.
 */

export type OpenAppStep = "wechat_tag" | "universal_link" | "scheme" | "intent" | "guide" | "download";
export type OpenAppOutcome = "tried" | "opened" | "fell_back" | "failed";

/** The platform the outcomes are counted under and the download address is asked for; HarmonyOS counts with Android. */
export function platformOf(ua: string): "ios" | "android" | "other" {
  const { os } = browserOf(ua);
  if (os === "ios") return "ios";
  return os === "android" || os === "harmony" ? "android" : "other";
}

/**
 * Reports one step's outcome to `POST /inner/open-app/outcome` on the API the page calls
 * (`publicApiBase`, "" for the page's origin), which counts them; a keepalive request, so a report
 * made as the page goes away still arrives. Failures are only logged. The page's item also gets the
 * outcome as a tracked `open_app` event (`{step}_{outcome}`), which the editors' stats page shows
 * per item; the tracker drops it when tracking is off or the page is a preview.
 */
export function reportOpenApp(publicApiBase: string, step: OpenAppStep, outcome: OpenAppOutcome): void {
  const postId = document.querySelector('meta[name="davmu:post-id"]')?.getAttribute("content");
  if (postId) {
    import("../tracking/tracker.ts")
      .then((tracker) => tracker.trackEvent("open_app", postId, { outcome: `${step}_${outcome}` }))
      .catch((error) => console.info("open-app outcome not tracked:", error));
  }
  const ua = navigator.userAgent;
  const body = JSON.stringify({ step, outcome, platform: platformOf(ua), in_wechat: isWeChatFamily(ua) });
  try {
    fetch(`${publicApiBase}/inner/open-app/outcome`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
      keepalive: true,
    }).catch((error) => console.info("open-app outcome not sent:", error));
  } catch (error) {
    console.info("open-app outcome not sent:", error);
  }
}

/** The page's deep link: the share card's (its item), else the page itself. */
export function pageDeepLink(scheme: string): string {
  const fromCard = document.querySelector('meta[name="davmu:deep-link"]')?.getAttribute("content");
  return fromCard || appDeepLink(scheme, window.location.href.split("#")[0] ?? "");
}

/** The mini program a mini-program item opens (its share card's `davmu:weapp`), else null. */
export function pageWeapp(): { appid: string; path: string } | null {
  const raw = document.querySelector('meta[name="davmu:weapp"]')?.getAttribute("content");
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as { appid?: unknown; path?: unknown };
    return typeof value.appid === "string" && value.appid
      ? { appid: value.appid, path: typeof value.path === "string" ? value.path : "" }
      : null;
  } catch {
    return null;
  }
}
