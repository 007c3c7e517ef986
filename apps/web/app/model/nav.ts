import type { NavigationItem } from "@davmu/contracts/app";
import { readableThemeColor } from "./site.ts";

/** Module types the share site cannot open: their items are left out of navigation. */
export const excludedNavTypes: readonly string[] = [
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

/**
 * Navigation items the site shows: not bound to the personal centre, not of an excluded type, not
 * repeating an earlier item's layout, and with at least one group the site can open.
 */
export function visibleNavItems(items: readonly NavigationItem[]): NavigationItem[] {
  const seenLayouts = new Set<string>();
  const visible: NavigationItem[] = [];
  for (const item of items) {
    if (item.binding === "personal_center") continue;
    if (excludedNavTypes.includes(item.binding) || seenLayouts.has(item.layout)) continue;
    seenLayouts.add(item.layout);
    const groups = item.groups.filter((g) => !excludedNavTypes.includes(g.type));
    if (groups.length === 0) continue;
    visible.push({ ...item, groups });
  }
  return visible;
}

/** Categories whose modules the share site cannot show: tapping them asks the visitor to use the app. */
export const appOnlyCategories: readonly string[] = ["app", "topic"];

export const contentModelPath = "/content_model/index.html";

/** Where tapping a bottom-bar item leads: a page of the site, or a toast pointing to the app. */
export type NavTarget = { kind: "link"; to: string } | { kind: "unsupported" };

export function isHomeItem(item: Pick<NavigationItem, "isHome" | "binding">): boolean {
  return item.isHome || item.binding === "home";
}

/** Content-module page of an item, on one of its groups (the first when none is named). */
export function contentModelHref(item: Pick<NavigationItem, "id" | "groups">, groupId?: string): string {
  const group = groupId ?? item.groups[0]?.id;
  const query = new URLSearchParams({ id: item.id });
  if (group) query.set("group", group);
  return `${contentModelPath}?${query.toString()}`;
}

/** Home goes to /; app and topic categories are not supported here; anything else opens its content module. */
export function navTarget(item: NavigationItem): NavTarget {
  if (isHomeItem(item)) return { kind: "link", to: "/" };
  if (appOnlyCategories.includes(item.category)) return { kind: "unsupported" };
  return { kind: "link", to: contentModelHref(item) };
}

/** Link to one group of an item, as the nav panel lists them: home groups filter the home page. */
export function groupHref(item: NavigationItem, groupId: string): string {
  if (isHomeItem(item)) return `/?group=${encodeURIComponent(groupId)}`;
  return contentModelHref(item, groupId);
}

/** The bottom-bar item the page belongs to: home on /, the named item on its content module, else none. */
export function selectedNavId(items: readonly NavigationItem[], pathname: string, search: string): string | null {
  const path = pathname.replace(/\/+$/, "") || "/";
  if (path === "/") return items.find(isHomeItem)?.id ?? null;
  if (path === contentModelPath) {
    const id = new URLSearchParams(search).get("id");
    return items.some((item) => item.id === id) ? id : null;
  }
  return null;
}

export type NavIconSet = NavigationItem["icons"];

/** The icon of an item for its state and the colour scheme; dark variants fall back to the light ones. */
export function navIcon(icons: NavIconSet, selected: boolean, dark: boolean): string {
  if (dark) {
    const icon = selected ? icons.dark_selected || icons.selected : icons.dark_normal || icons.normal;
    if (icon) return icon;
  }
  return (selected ? icons.selected : icons.normal) || icons.normal;
}

/**
 * A label colour from app info, darkened just enough to read on the white bar (WCAG AA, 4.5:1):
 * brand oranges such as #FF4A26 are too light for 10-12 px text. Not a #rrggbb colour: null (CSS decides).
 */
export function readableLabelColor(hex: string): string | null {
  return /^#[0-9A-Fa-f]{6}$/.test(hex) ? readableThemeColor(hex) : null;
}
