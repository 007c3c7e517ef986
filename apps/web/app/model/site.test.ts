import { describe, expect, it } from "vitest";
import {
  contrastBetween,
  contrastWithWhite,
  darkCardColor,
  openAppPrompt,
  parseAppInfo,
  readableThemeColor,
  readableThemeColorOnDark,
  resolveSite,
} from "./site.ts";

describe("resolveSite", () => {
  it("R-SITE-3 defaults: site name 客户端 and an open-the-app line when the description is missing", () => {
    expect(resolveSite(null)).toEqual({
      name: "客户端",
      description: "打开App，查看更多精彩内容",
      logo: "",
      debug: false,
      descriptionSet: false,
    });
    expect(resolveSite({ site_name: "  ", descriptions: "" }).name).toBe("客户端");
  });
  it("R-SITE-3 configured values win", () => {
    const site = resolveSite({
      site_name: "江澜新闻",
      descriptions: "本地好新闻",
      site_logo: "/media/logo.png",
      debug: false,
    });
    expect(site).toEqual({
      name: "江澜新闻",
      description: "本地好新闻",
      logo: "/media/logo.png",
      debug: false,
      descriptionSet: true,
    });
  });
});

describe("parseAppInfo", () => {
  it("R-SITE-5 theme colour is app info primaryColor", () => {
    const json = JSON.stringify({ primaryColor: "#1E90FF", bottomNavigationBar: { navigationItems: [] } });
    expect(parseAppInfo(json).primaryColor).toBe("#1E90FF");
  });
  it("R-SITE-5 theme colour defaults to #FF4A26 when missing, malformed or not JSON", () => {
    expect(parseAppInfo(null).primaryColor).toBe("#FF4A26");
    expect(parseAppInfo("{oops").primaryColor).toBe("#FF4A26");
    expect(parseAppInfo(JSON.stringify({ primaryColor: "red" })).primaryColor).toBe("#FF4A26");
    expect(parseAppInfo(JSON.stringify({ primaryColor: "#FFF" })).navigationItems).toEqual([]);
  });
});

describe("openAppPrompt", () => {
  it("R-UI-DIALOG the dialog text names the site", () => {
    expect(openAppPrompt("江澜新闻")).toBe("打开江澜新闻，体验更多内容");
  });
});

describe("readable theme colour", () => {
  it("R-WEB-A11Y darkens the brand colour #FF4A26 just enough for 4.5:1 on white, keeping its hue", () => {
    expect(contrastWithWhite("#FF4A26")).toBeLessThan(4.5);
    const readable = readableThemeColor("#FF4A26");
    expect(contrastWithWhite(readable)).toBeGreaterThanOrEqual(4.5);
    expect(contrastWithWhite(readable)).toBeLessThan(4.8);
    expect(readable).toMatch(/^#[0-9A-F]{6}$/);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(readable.slice(i, i + 2), 16)) as [number, number, number];
    expect(r).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(b);
  });

  it("R-WEB-A11Y R-SITE-13 on dark cards the theme colour is lightened just enough for 4.5:1, or kept when it already reads", () => {
    // the colour darkened for white cards is too dark for dark ones
    expect(contrastBetween(readableThemeColor("#FF4A26"), darkCardColor)).toBeLessThan(4.5);
    expect(readableThemeColorOnDark("#FF4A26")).toBe("#FF4A26");
    expect(contrastBetween("#FF4A26", darkCardColor)).toBeGreaterThanOrEqual(4.5);
    const blue = readableThemeColorOnDark("#1A5FB4");
    expect(contrastBetween(blue, darkCardColor)).toBeGreaterThanOrEqual(4.5);
    expect(contrastBetween(blue, darkCardColor)).toBeLessThan(4.8);
    const [r, g, b] = [1, 3, 5].map((i) => Number.parseInt(blue.slice(i, i + 2), 16)) as [number, number, number];
    expect(b).toBeGreaterThan(g);
    expect(g).toBeGreaterThan(r);
  });

  it("R-WEB-A11Y keeps a theme colour that is already readable", () => {
    expect(readableThemeColor("#1A5FB4")).toBe("#1A5FB4");
    expect(readableThemeColor("#ffffff")).toMatch(/^#[0-9A-F]{6}$/);
  });
});
