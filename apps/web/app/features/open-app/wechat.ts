import { weChatVersion } from "@davmu/contracts/user-agent";
import { isInOwnClient, isMiniProgram, isWeChat } from "../../lib/device.ts";
import { setWxTagState } from "../../lib/open-app-state.ts";

/**
 * WeChat's JS-SDK on the page, inside WeChat only (R-WX-1..3): this eager part only decides and
 * remembers the landing URL; the SDK (jweixin 1.6, bundled from its npm package and served from the
 * site's own origin, so the CSP stays `self`) and its configuration are a lazy chunk (wechat-sdk.ts)
 * fetched after the page has hydrated, itself after the first paint. Pages outside WeChat load none of it.
 */

declare global {
  interface Window {
    /** "miniprogram" in a mini program's web view (WeChat's JS bridge) */
    __wxjs_environment?: string;
  }
}

/**
 * The URL this document was loaded at, without its hash, taken before any script changes the address:
 * WeChat on iOS checks signatures against the first URL of a visit, not the current one.
 */
export const landingUrl = typeof window === "undefined" ? "" : (window.location.href.split("#")[0] ?? "");

/** Open tags need WeChat 7.0.12 or later. */
export function supportsOpenTags(ua: string): boolean {
  const version = weChatVersion(ua);
  if (!version) return false;
  const [major, minor, patch] = version;
  return major > 7 || (major === 7 && (minor > 0 || patch >= 12));
}

/** WeChat's own browser (not its mini program web view, not the product's own client). */
export function inWeChatBrowser(ua: string): boolean {
  return isWeChat(ua) && !isInOwnClient(ua) && !isMiniProgram(ua, window.__wxjs_environment);
}

let started = false;

/** Loads and configures the SDK once per page, inside WeChat; any failure is only logged (R-WX-3). */
export function startWechat(publicApiBase: string): void {
  const ua = navigator.userAgent;
  if (started || !inWeChatBrowser(ua)) return;
  started = true;
  const tags = supportsOpenTags(ua);
  setWxTagState(tags ? "pending" : "failed");
  // the SDK's own failure to run open tags: the buttons fall back to the guide
  document.addEventListener("WeixinOpenTagsError", (event) => {
    console.warn("WeChat open tags unavailable:", (event as CustomEvent).detail);
    setWxTagState("failed");
  });
  import("./wechat-sdk.ts")
    .then((sdk) =>
      sdk.configureWechat(publicApiBase, landingUrl).then((ready) => {
        if (tags) setWxTagState(ready ? "ready" : "failed", ready ? sdk.openTagMounter(publicApiBase) : null);
      }),
    )
    .catch((error) => {
      console.warn("WeChat JS-SDK not started:", error);
      setWxTagState("failed");
    });
}
