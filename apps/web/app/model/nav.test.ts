import type { NavigationItem } from "@davmu/contracts/app";
import { describe, expect, it } from "vitest";
import { visibleNavItems } from "./nav.ts";

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
