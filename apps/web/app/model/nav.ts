import type { NavigationItem } from "@davmu/contracts/app";

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
