import { describe, expect, it } from "vitest";
import { firstStep } from "./open-app-chain.ts";
import { appDeepLink } from "./open-app-links.ts";

const deep = appDeepLink("jianglan", "https://share.jianglan.example/davmu/share/news/doc/2026/11/AbCdEfGh/index.html");
const settings = {
  scheme: "jianglan",
  universalLink: "https://link.jianglan.example/open",
  androidPackage: "com.jianglan.news",
  wechatOpenAppId: "",
};
const ios =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/12.1 Mobile/15E148 Safari/604.1";
const chrome =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.62 Mobile Safari/537.36";
const webView =
  "Mozilla/5.0 (Linux; Android 13; Pixel 7; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/78.0.3904.62 Mobile Safari/537.36";

describe("the open-app chain's first step outside WeChat", () => {
  it("R-SHARE-3 iOS opens the universal link when the app claims one, else the scheme", () => {
    expect(firstStep(deep, settings, ios)).toEqual({
      step: "universal_link",
      url: `https://link.jianglan.example/open?deeplink=${encodeURIComponent(deep)}`,
    });
    expect(firstStep(deep, { ...settings, universalLink: "" }, ios)).toEqual({ step: "scheme", url: deep });
  });

  it("R-SHARE-3 Android's Chrome gets an intent; a web view and other browsers the scheme", () => {
    const intent = firstStep(deep, settings, chrome);
    expect(intent.step).toBe("intent");
    expect(intent.url).toMatch(/^intent:\/\/open\?url=.+#Intent;scheme=jianglan;package=com\.jianglan\.news;end$/);
    expect(firstStep(deep, settings, webView)).toEqual({ step: "scheme", url: deep });
    expect(firstStep(deep, { ...settings, androidPackage: "" }, chrome)).toEqual({ step: "scheme", url: deep });
  });
});
