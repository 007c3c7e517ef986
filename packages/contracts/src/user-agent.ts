/**
 * What kind of browser a visitor is in, read from its user agent (R-FIELD-1): the one place the site
 * and the API sniff a user agent. Pure regular expressions and no dependencies, so the page's own
 * scripts can take it; whether the visitor is a robot is `isRobot` in ./robot.ts, which brings
 * isbot's list and stays on the server. Proved over real user agents by user-agent-corpus.json.
 */

/**
 * - wechat: WeChat's in-app browser (phones, iPad, and WeChat for Windows and Mac)
 * - miniprogram: a page inside a WeChat mini program's web-view
 * - wecom: WeCom (企业微信), which says MicroMessenger too but has no open tags of its own
 * - qq: the QQ app's in-app browser
 * - inapp: another app's in-app browser (Alipay, Douyin, Toutiao, Baidu, Weibo, DingTalk, …)
 * - phone: a browser on a phone or tablet
 * - desktop: a browser on a computer
 */
export type Platform = "wechat" | "miniprogram" | "wecom" | "qq" | "inapp" | "phone" | "desktop";

/** HarmonyOS NEXT (OpenHarmony, ArkWeb) is neither: it runs no Android apps and follows no intents. */
export type Os = "ios" | "android" | "harmony" | "other";

/**
 * How an Android browser is asked to open an app: `intent` for Chrome and the browsers that keep
 * Chrome's handling of `intent:` links (with `S.browser_fallback_url`); `scheme` for the rest (the
 * makers' and domestic browsers, which drop or mishandle intents, and every app's web view).
 */
export type AppLaunch = "intent" | "scheme";

export interface Browser {
  platform: Platform;
  os: Os;
  /** a phone or tablet: the page is drawn as it is, never inside the desktop frame */
  mobile: boolean;
  launch: AppLaunch;
}

const mobilePattern = /Android|iPhone|iPad|iPod|Mobile|HarmonyOS|OpenHarmony|Windows Phone/i;
/** HarmonyOS computers say OpenHarmony too, but `(PC; …)` first */
const harmonyComputer = /\(PC;/;
const wecomPattern = /wxwork\//i;
const weChatPattern = /MicroMessenger/i;
/** the web-view of a mini program: `miniProgram` (also in `MiniProgramEnv/…`) or one of its processes */
const miniProgramPattern = /miniProgram|Process\/appbrand\d/i;
const qqPattern = /\sQQ\/\d|V1_(?:AND|IPH)_SQ_/;
/** Chinese apps whose web views readers arrive in from a shared link */
const inAppPattern =
  /AlipayClient|aweme|NewsArticle|ToutiaoMicroApp|BytedanceWebview|baiduboxapp|Weibo|DingTalk|Lark\/|Kwai|XiGua|TikTok|musical_ly|trill_|FBAN|FBAV|Instagram|\bLine\//i;
/** browsers built on Chromium that drop Chrome's intent handling or send it to the maker's store */
const domesticBrowserPattern =
  /MQQBrowser|UCBrowser|UWS\/|Quark|HuaweiBrowser|HonorBrowser|bdhonorbrowser|MiuiBrowser|HeyTapBrowser|OppoBrowser|VivoBrowser|baiduboxapp|SogouMobileBrowser|360 ?Browser|LieBao|2345Browser|MxBrowser|LenovoBrowser/i;

function osOf(ua: string): Os {
  // Android first: some Android phones name a model with "iPhone" in it
  if (/Android/i.test(ua)) return "android";
  if (/iPhone|iPad|iPod/i.test(ua)) return "ios";
  if (/OpenHarmony/i.test(ua)) return "harmony";
  return "other";
}

function platformOf(ua: string, mobile: boolean): Platform {
  if (wecomPattern.test(ua)) return "wecom";
  if (weChatPattern.test(ua)) return miniProgramPattern.test(ua) ? "miniprogram" : "wechat";
  if (qqPattern.test(ua)) return "qq";
  if (inAppPattern.test(ua)) return "inapp";
  return mobile ? "phone" : "desktop";
}

export function browserOf(ua: string): Browser {
  const mobile = mobilePattern.test(ua) && !harmonyComputer.test(ua);
  const os = osOf(ua);
  const platform = platformOf(ua, mobile);
  // an app's web view (`; wv)`) hands intents to nobody; Chrome/ with no maker's browser is Chrome,
  // Samsung Internet, Edge or Opera, which all keep Chrome's intent handling
  const launch: AppLaunch =
    os === "android" &&
    platform === "phone" &&
    /Chrome\/\d+/.test(ua) &&
    !/; wv\)/.test(ua) &&
    !domesticBrowserPattern.test(ua)
      ? "intent"
      : "scheme";
  return { platform, os, mobile, launch };
}

/** WeChat's in-app browser, mini programs and WeCom included: every client that says MicroMessenger. */
export function isWeChatFamily(ua: string): boolean {
  return weChatPattern.test(ua);
}

/** WeChat's version, `[major, minor, patch]`, or null outside WeChat. */
export function weChatVersion(ua: string): [number, number, number] | null {
  const match = ua.match(/MicroMessenger\/(\d+)\.(\d+)\.(\d+)/i);
  return match ? [Number(match[1]), Number(match[2]), Number(match[3])] : null;
}

/** A mini program's web-view, by its user agent or by the `__wxjs_environment` WeChat's bridge sets. */
export function isMiniProgram(ua: string, wxEnvironment?: string): boolean {
  return wxEnvironment === "miniprogram" || (weChatPattern.test(ua) && miniProgramPattern.test(ua));
}
