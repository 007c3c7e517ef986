import type { NavigationItem } from "@davmu/contracts/app";
import { describe, expect, it } from "vitest";
import {
  contentModelHref,
  groupHref,
  navIcon,
  navTarget,
  readableLabelColor,
  selectedNavId,
  visibleNavItems,
} from "./nav.ts";

const icons = { normal: "", selected: "", dark_normal: "", dark_selected: "" };
function item(id: string, over: Partial<NavigationItem> = {}): NavigationItem {
  return {
    id,
    title: id,
    binding: "home",
    category: "news",
    isHome: false,
    layout: id,
    groups: [{ id: `${id}-g`, name: "推荐", type: "news" }],
    icons,
    labelColor: "#666666",
    labelSelectedColor: "#FF4A26",
    ...over,
  };
}

describe("visibleNavItems", () => {
  it("R-UI-NAVFILTER items of excluded types and repeated layouts are left out", () => {
    const items = [
      item("home"),
      item("service", { binding: "service" }),
      item("circle", { binding: "circle" }),
      item("again", { layout: "home" }),
      item("life", { binding: "content_model" }),
    ];
    expect(visibleNavItems(items).map((i) => i.id)).toEqual(["home", "life"]);
  });
  it("R-UI-NAVBAR items bound to the personal centre or without usable groups are hidden", () => {
    const items = [
      item("mine", { binding: "personal_center" }),
      item("empty", { groups: [] }),
      item("apps", { groups: [{ id: "a", name: "应用", type: "app" }] }),
      item("news"),
    ];
    expect(visibleNavItems(items).map((i) => i.id)).toEqual(["news"]);
  });
});

describe("nav filter, every excluded type", () => {
  it("R-UI-NAVFILTER each of the sixteen excluded types is left out, alone or as a group type", () => {
    const types = [
      "app",
      "naoce",
      "applet",
      "dimim",
      "circle",
      "dejin",
      "report",
      "wzlist",
      "ask-politics",
      "fazak",
      "link",
      "maavd",
      "ilive",
      "zoceh",
      "service",
      "clue_report",
    ];
    for (const type of types) {
      expect(visibleNavItems([item(type, { binding: type })]), type).toEqual([]);
      expect(visibleNavItems([item(type, { groups: [{ id: "g", name: "g", type }] })]), type).toEqual([]);
    }
    expect(visibleNavItems([item("news", { binding: "content_model" })])).toHaveLength(1);
  });
  it("R-UI-NAVFILTER an item repeating an earlier layout is dropped even when the first was kept; groups of excluded types are dropped", () => {
    const items = [
      item("a", { layout: "x" }),
      item("b", { layout: "x" }),
      item("c", {
        layout: "y",
        groups: [
          { id: "n", name: "新闻", type: "news" },
          { id: "l", name: "外链", type: "link" },
        ],
      }),
    ];
    const visible = visibleNavItems(items);
    expect(visible.map((i) => i.id)).toEqual(["a", "c"]);
    expect(visible[1]?.groups.map((g) => g.id)).toEqual(["n"]);
    expect(items[2]?.groups).toHaveLength(2);
  });
});

describe("nav targets", () => {
  it("R-UI-NAVBAR home goes to /, a content module to its page, app and topic categories are unsupported", () => {
    expect(navTarget(item("home", { isHome: true }))).toEqual({ kind: "link", to: "/" });
    expect(navTarget(item("life", { binding: "content_model" }))).toEqual({
      kind: "link",
      to: "/content_model/index.html?id=life&group=life-g",
    });
    expect(navTarget(item("apps", { binding: "content_model", category: "app" }))).toEqual({ kind: "unsupported" });
    expect(navTarget(item("topics", { binding: "topic", category: "topic" }))).toEqual({ kind: "unsupported" });
  });
  it("R-UI-NAVPANEL groups of the home item filter the home page; others open the content module", () => {
    expect(groupHref(item("home", { isHome: true }), "city")).toBe("/?group=city");
    expect(groupHref(item("life", { binding: "content_model" }), "a b")).toBe(
      "/content_model/index.html?id=life&group=a+b",
    );
    expect(contentModelHref({ id: "x", groups: [] })).toBe("/content_model/index.html?id=x");
  });
  it("R-UI-NAVBAR the selected item follows the page", () => {
    const items = [item("home", { isHome: true }), item("life", { binding: "content_model" })];
    expect(selectedNavId(items, "/", "")).toBe("home");
    expect(selectedNavId(items, "/", "?group=city")).toBe("home");
    expect(selectedNavId(items, "/content_model/index.html", "?id=life&group=x")).toBe("life");
    expect(selectedNavId(items, "/content_model/index.html", "?id=nope")).toBeNull();
    expect(selectedNavId(items, "/search/index.html", "")).toBeNull();
  });
  it("R-SITE-13 nav icons switch to their dark variants, falling back to the light ones", () => {
    const set = { normal: "n", selected: "s", dark_normal: "dn", dark_selected: "ds" };
    expect(navIcon(set, false, false)).toBe("n");
    expect(navIcon(set, true, false)).toBe("s");
    expect(navIcon(set, false, true)).toBe("dn");
    expect(navIcon(set, true, true)).toBe("ds");
    expect(navIcon({ ...set, dark_normal: "", dark_selected: "" }, true, true)).toBe("s");
    expect(navIcon({ ...set, selected: "" }, true, false)).toBe("n");
  });
});

describe("nav label colours", () => {
  it("R-UI-NAVBAR app-info label colours are kept when readable and darkened to 4.5:1 when not", () => {
    expect(readableLabelColor("#666666")).toBe("#666666");
    const orange = readableLabelColor("#FF4A26") as string;
    expect(orange).not.toBe("#FF4A26");
    expect(orange).toMatch(/^#[0-9A-F]{6}$/);
    expect(readableLabelColor("red")).toBeNull();
  });
});
