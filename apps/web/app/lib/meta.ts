import type { MetaDescriptor } from "./router.ts";

/** The head every page carries (spec §1): title 客户端分享 with generic keywords and description. */
export const siteTitle = "客户端分享";
export const siteKeywords = "新闻,资讯,视频,直播,本地新闻,客户端";
export const siteDescription = "客户端分享页：阅读新闻、观看视频与直播，打开客户端体验更多内容。";

/**
 * The site's head, then the page's own tags. A page about one item names its own description (its
 * share card's, the item's summary): search results and link previews that read the description
 * meta then show the item, so the site's generic text is left out rather than sent twice.
 */
export function baseMeta(extra: MetaDescriptor[] = []): MetaDescriptor[] {
  const described = extra.some((tag) => "name" in tag && tag.name === "description");
  return [
    { title: siteTitle },
    { name: "keywords", content: siteKeywords },
    ...(described ? [] : [{ name: "description", content: siteDescription }]),
    ...extra,
  ];
}
