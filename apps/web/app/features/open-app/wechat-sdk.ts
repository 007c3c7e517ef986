import { browserOf } from "@davmu/contracts/user-agent";
import sdkUrl from "weixin-js-sdk/index.js?url";
import { browserApi } from "../../lib/browser-api.ts";
import type { WechatShareData } from "../../lib/share-card.ts";

export { openTagMounter } from "./wechat-tags.ts";

/**
 * The lazy half of WeChat support (wechat.ts starts it, inside WeChat only): the JS-SDK, the page's
 * signing config from the API (getCWXconfig, R-API-WXCONFIG), wx.config with the share, image and
 * open-tag APIs, and the share data for chats and Moments (R-WX-1, R-WX-2). Every failure is only
 * logged and the page works without the SDK (R-WX-3, R-ERR-2).
 */

/** The part of jweixin 1.6 the site uses. */
export interface WxApi {
  config(config: {
    debug: boolean;
    appId: string;
    timestamp: number;
    nonceStr: string;
    signature: string;
    jsApiList: string[];
    openTagList: string[];
  }): void;
  ready(callback: () => void): void;
  error(callback: (result: { errMsg?: string }) => void): void;
  updateAppMessageShareData(data: WechatShareData & { success?: () => void; fail?: (r: unknown) => void }): void;
  updateTimelineShareData(
    data: Omit<WechatShareData, "desc"> & { success?: () => void; fail?: (r: unknown) => void },
  ): void;
}

declare global {
  interface Window {
    /** jweixin's global; set beforehand only by a test double */
    wx?: WxApi;
  }
}

export const jsApiList = [
  "updateAppMessageShareData",
  "updateTimelineShareData",
  "chooseImage",
  "getLocalImgData",
  "previewImage",
];
export const openTagList = ["wx-open-launch-app", "wx-open-launch-weapp"];
let configured: WxApi | null = null;

/** The SDK once WeChat accepted this page's config (its image APIs then work); null before or without. */
export const configuredWx = (): WxApi | null => configured;

/** Longest wait for WeChat to accept or refuse the config. */
const configTimeoutMs = 8000;

const isIos = () => browserOf(navigator.userAgent).os === "ios";

/** The share data the page's share card put in the head (share-card.ts); null on a page without a card. */
export function shareDataFromHead(doc: Document = document): WechatShareData | null {
  const meta = (property: string) => doc.querySelector(`meta[property="${property}"]`)?.getAttribute("content") ?? "";
  const title = meta("og:title");
  if (!title) return null;
  return {
    title,
    desc: meta("og:description"),
    link: meta("og:url") || (window.location.href.split("#")[0] ?? ""),
    imgUrl: meta("og:image"),
  };
}

/** Waits for the page's startup to have a token (the signing call needs one), 5 s at most. */
async function tokenReady(values: { token(): string | null; anonymousToken(): string | null }): Promise<void> {
  for (let waited = 0; waited < 5000 && !values.token() && !values.anonymousToken(); waited += 100) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * jweixin 1.6 as the `weixin-js-sdk` package ships it, a file of the site's own build served from its
 * origin (the CSP stays `'self'`). The file is CommonJS (`module.exports = …`): it runs as a classic
 * script with a `module` object lent for the time it runs, rather than through the bundler, whose
 * CommonJS helpers would otherwise move into a chunk of their own on every page.
 */
function loadSdk(): Promise<WxApi> {
  if (window.wx) return Promise.resolve(window.wx);
  return new Promise((resolve, reject) => {
    const holder: { exports: Partial<WxApi> } = { exports: {} };
    const host = window as unknown as { module?: unknown };
    const previous = host.module;
    host.module = holder;
    const done = () => {
      if (previous === undefined) delete host.module;
      else host.module = previous;
    };
    const script = document.createElement("script");
    script.src = sdkUrl;
    script.async = true;
    script.onload = () => {
      done();
      const sdk = holder.exports;
      if (typeof sdk.config === "function") resolve(sdk as WxApi);
      else reject(new Error("jweixin did not start"));
    };
    script.onerror = () => {
      done();
      reject(new Error("jweixin failed to load"));
    };
    document.head.appendChild(script);
  });
}

/**
 * Configures the SDK for this page: iOS signs the landing URL (the first URL of the visit), Android
 * the current one. Answers whether WeChat accepted the config (the open tags work only then).
 */
export async function configureWechat(publicApiBase: string, landingUrl: string): Promise<boolean> {
  const { client, values } = browserApi(publicApiBase);
  const url = isIos() ? landingUrl : (window.location.href.split("#")[0] ?? landingUrl);
  await tokenReady(values);
  // the site's share config says whether this deployment signs at all: unconfigured, nothing is asked
  const site = await client.wxShare();
  if (site.code !== 0 || !site.data.jssdk) {
    console.info("WeChat JS-SDK not configured here");
    return false;
  }
  const [wx, signed] = await Promise.all([loadSdk(), client.wxSignConfig({ query: { path: url } })]);
  if (signed.code !== 0) {
    console.warn("WeChat signing unavailable:", signed.code, signed.msg);
    return false;
  }
  const { jssdk: _jssdk, ...siteShare } = site.data;
  const share = shareDataFromHead() ?? siteShare;
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (ok: boolean) => {
      if (settled) return;
      settled = true;
      resolve(ok);
    };
    wx.config({
      debug: false,
      appId: signed.data.appId,
      timestamp: signed.data.timestamp,
      nonceStr: signed.data.nonceStr,
      signature: signed.data.signture,
      jsApiList,
      openTagList,
    });
    wx.ready(() => {
      const fail = (result: unknown) => console.warn("WeChat share data refused:", result);
      wx.updateAppMessageShareData({ ...share, fail });
      wx.updateTimelineShareData({ title: share.title, link: share.link, imgUrl: share.imgUrl, fail });
      configured = wx;
      settle(true);
    });
    wx.error((result) => {
      console.warn("WeChat JS-SDK config failed:", result?.errMsg ?? result);
      settle(false);
    });
    setTimeout(() => settle(false), configTimeoutMs);
  });
}
