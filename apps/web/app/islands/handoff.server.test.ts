import { describe, expect, it } from "vitest";
import { jsonForScript } from "../lib/json-script.ts";
import { parseAppInfo, resolveSite } from "../model/site.ts";
import { islandPageJson } from "./handoff.server.ts";
import type { IslandPage } from "./page.ts";

const initial = { site: resolveSite({ site_name: "江澜新闻 <b>" }), theme: parseAppInfo(null) };
const openApp = { scheme: "jianglan", universalLink: "", androidPackage: "com.jianglan.news", wechatOpenAppId: "" };
const origins: readonly string[] = [];
const page = (lang: IslandPage["lang"]): IslandPage => ({
  lang,
  messages: null,
  initial,
  publicApiBase: "",
  statBase: "",
  openApp,
  linkFrameOrigins: origins,
});

describe("island page JSON", () => {
  it("R-WEB-SSR is written once for pages that hand on the same values, and is what jsonForScript writes", () => {
    const first = islandPageJson(page("zh-CN"));
    expect(first).toBe(jsonForScript(page("zh-CN")));
    expect(first).not.toMatch(/[<>&]/);
    // a page built anew from the same shared objects gets the text already written
    expect(islandPageJson(page("zh-CN"))).toBe(first);
  });

  it("R-WEB-SSR is written anew when any member differs (language, site state, settings)", () => {
    const zh = islandPageJson(page("zh-CN"));
    expect(JSON.parse(islandPageJson(page("en"))).lang).toBe("en");
    const otherState = { ...page("zh-CN"), initial: { ...initial, site: resolveSite({ site_name: "澜城" }) } };
    expect(JSON.parse(islandPageJson(otherState)).initial.site.name).toBe("澜城");
    const otherBase = { ...page("zh-CN"), publicApiBase: "https://api.example.com" };
    expect(JSON.parse(islandPageJson(otherBase)).publicApiBase).toBe("https://api.example.com");
    expect(islandPageJson(page("zh-CN"))).toBe(zh);
  });
});
