import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
import { describe, expect, it } from "vitest";
import { appDeepLink } from "../../lib/open-app-links.ts";
import { firstStep } from "./open-app-chain.ts";

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

  it("R-FIELD-1 R-SHARE-4 an intent carries the download page with the deferred-link code as Chrome's fallback", () => {
    const download = "https://download.jianglan.example/app/jianglan-news.apk?dl_code=K7M2P9QX";
    const { step, url } = firstStep(deep, settings, chrome, download);
    expect(step).toBe("intent");
    const fragment = new Map(
      url
        .slice(url.indexOf("#Intent;") + "#Intent;".length)
        .split(";")
        .map((part) => [part.slice(0, part.indexOf("=")), part.slice(part.indexOf("=") + 1)]),
    );
    expect(fragment.get("scheme")).toBe("jianglan");
    expect(fragment.get("package")).toBe("com.jianglan.news");
    // Chrome decodes the value: the reader lands on exactly the download page, code included
    expect(decodeURIComponent(fragment.get("S.browser_fallback_url") ?? "")).toBe(download);
    expect(url.endsWith(";end")).toBe(true);
    expect(url.slice(0, url.indexOf("#"))).toBe(`intent://${deep.slice("jianglan://".length)}`);
  });

  // real user agents, from the corpus (packages/contracts/src/user-agent-corpus.json)
  const find = (pattern: RegExp) => {
    const agent = corpus.agents.find((a) => !a.robot && pattern.test(a.ua));
    if (!agent) throw new Error(`no ${pattern} in the corpus`);
    return agent.ua;
  };

  it.each([
    ["Samsung Internet", /Android.*SamsungBrowser\/\d+.*Mobile/, "intent"],
    ["Edge on Android", /EdgA\//, "intent"],
    ["Chrome on a Lenovo phone", /Lenovo K\d+.*Chrome\/\d+[\d.]* Mobile Safari\/537\.36$/, "intent"],
    ["Lenovo's browser", /MobileLenovoBrowser/, "scheme"],
    ["Xiaomi's browser", /MiuiBrowser/, "scheme"],
    ["Huawei's browser", /Android.*HuaweiBrowser/, "scheme"],
    ["OPPO's browser", /HeyTapBrowser/, "scheme"],
    ["vivo's browser", /VivoBrowser/, "scheme"],
    ["Honor's browser", /bdhonorbrowser/, "scheme"],
    ["UC", /Android.*UCBrowser/, "scheme"],
    ["Quark", /Quark\//, "scheme"],
    ["QQ Browser", /Android.*MQQBrowser\/[\d.]+ Mobile/, "scheme"],
    ["Baidu's app", /Android.*baiduboxapp/, "scheme"],
    ["Douyin", /aweme/, "scheme"],
    ["Alipay", /Android.*AlipayClient/, "scheme"],
    ["HarmonyOS NEXT", /\(Phone; OpenHarmony/, "scheme"],
  ])("R-FIELD-1 R-SHARE-3 %s (a real user agent matching %s) begins with the %s", (_name, pattern, step) => {
    expect(firstStep(deep, settings, find(pattern), "https://download.jianglan.example/a.apk").step).toBe(step);
  });
});
