import { describe, expect, it } from "vitest";
import {
  deviceOs,
  deviceType,
  isInOwnClient,
  isMiniProgram,
  isMobileUserAgent,
  isWeChat,
  shouldUsePcWrapper,
} from "./device.ts";

const wechatAndroid =
  "Mozilla/5.0 (Linux; Android 13; V2227A Build/TP1A.220624.014; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/116.0.0.0 Mobile Safari/537.36 XWEB/1160065 MMWEBSDK/20231202 MicroMessenger/8.0.47.2560(0x28002F30) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64";
const wechatIos =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2c) NetType/WIFI Language/zh_CN";
const desktopChrome =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("device", () => {
  it("R-SITE-6 phones are mobile, desktop browsers are not", () => {
    expect(isMobileUserAgent(wechatAndroid)).toBe(true);
    expect(isMobileUserAgent(wechatIos)).toBe(true);
    expect(isMobileUserAgent(desktopChrome)).toBe(false);
  });
  it("R-SITE-6 a non-mobile device goes to /pc whatever its viewport", () => {
    expect(shouldUsePcWrapper(desktopChrome)).toBe(true);
    expect(shouldUsePcWrapper(desktopChrome, { width: 400, height: 800 })).toBe(true);
  });
  it("R-SITE-6 a mobile device goes to /pc only at ≥ 1000 px wide and wider than tall", () => {
    expect(shouldUsePcWrapper(wechatIos)).toBe(false);
    expect(shouldUsePcWrapper(wechatIos, { width: 375, height: 667 })).toBe(false);
    expect(shouldUsePcWrapper(wechatIos, { width: 1024, height: 768 })).toBe(true);
    expect(shouldUsePcWrapper(wechatIos, { width: 999, height: 600 })).toBe(false);
    expect(shouldUsePcWrapper(wechatIos, { width: 1000, height: 1366 })).toBe(false);
  });
  it("R-UI-BANNER recognises WeChat, the own client and mini programs", () => {
    expect(isWeChat(wechatAndroid)).toBe(true);
    expect(isWeChat(desktopChrome)).toBe(false);
    expect(isInOwnClient(`${wechatIos} DavmuApp/5.2.0`)).toBe(true);
    expect(isInOwnClient(wechatIos)).toBe(false);
    expect(isMiniProgram(wechatAndroid, "miniprogram")).toBe(true);
    expect(isMiniProgram(`${wechatAndroid} miniProgram`)).toBe(true);
    expect(isMiniProgram(wechatAndroid)).toBe(false);
  });
  it("R-ENT-LOCAL device type and OS come from the user agent", () => {
    expect(deviceType(wechatIos)).toBe("IOS");
    expect(deviceOs(wechatIos)).toBe("iOS 17.1.2");
    expect(deviceType(wechatAndroid)).toBe("Android");
    expect(deviceOs(wechatAndroid)).toBe("Android 13");
  });
});
