import { isWebAddress } from "@davmu/contracts/addresses";
import type { ContentItem, ContentType, RelatedItem } from "@davmu/contracts/content";
import { siteBasePath } from "@davmu/contracts/site-path";
import { linkContentTypes } from "@davmu/contracts/values";
import { commentsAvailable } from "./comments.ts";
import { type ContentTag, contentTag } from "./content-tag.ts";
import { formatBigNumber, formatDateTime, formatRelativeTime } from "./format.ts";
import { defaultLang, type Lang } from "./i18n/lang.ts";

export interface RelatedCard {
  id: string;
  title: string;
  href: string;
  source: string;
  time: string;
  views: string;
  /** the picture the card draws: the cover's list rendition, or the cover itself on a fly card */
  thumb: string | null;
  contentType: ContentType;
  /** type label on the card (R-UI-TAG), null for articles and untagged types */
  tag: ContentTag | null;
  /** length of a video or audio, shown on the thumbnail */
  duration: string;
  /** pictures in a gallery */
  picNum: number;
  /** h5 and link items open in the link popup: `href` is then their address ("" for none a page may use) */
  opensPopup: boolean;
}

export interface ArticleView {
  id: string;
  title: string;
  summary: string;
  source: string;
  publishedAt: string;
  publishedLabel: string;
  views: string;
  /** like and collect counts, for the comment footer (spec §5) */
  likes: number;
  collects: number;
  cover: { src: string; alt: string } | null;
  /** Body HTML, already sanitised by the API. */
  bodyHtml: string;
  /** content type, for user_related (is_collect) */
  contentType: ContentType;
  trackId: string;
  /** media account of mp content: its interaction calls use the mp variants */
  mp: { id: string; name: string; avatar: string; description: string } | null;
  related: RelatedCard[];
  /** whether the comment input shows (spec §5) */
  commentsOpen: boolean;
}

/** Links from the API are full share paths; inside the router they are relative to its basename. */
export function toRouterPath(contentLink: string): string {
  return contentLink.startsWith(`${siteBasePath}/`) ? contentLink.slice(siteBasePath.length) : contentLink;
}

/** Which of an item's pictures a card draws: the small list rendition, or the whole cover (fly cards). */
export type CardPicture = "thumb" | "cover";

export function toRelatedCard(
  item: RelatedItem,
  now: number,
  lang: Lang = defaultLang,
  picture: CardPicture = "thumb",
): RelatedCard {
  const style = item.style.data[0];
  const popup = linkContentTypes.includes(item.content_type);
  // an h5 or link item's address comes from the API as it was imported: one no page may link to
  // (a javascript: or data: address) is dropped, and the card is drawn without a link
  const linkable = !popup || isWebAddress(item.content_link);
  return {
    id: item.post_id,
    title: item.title,
    href: linkable ? toRouterPath(item.content_link) : "",
    source: item.source_alias,
    time: formatRelativeTime(item.publish_at, now, lang),
    views: formatBigNumber(item.view_count, lang),
    thumb: (picture === "cover" ? style?.url : style?.thumb) ?? null,
    contentType: item.content_type,
    tag: contentTag(item.content_type, lang),
    duration: item.duration_str,
    picNum: item.pic_num,
    opensPopup: popup && linkable,
  };
}

/** Content item → what the article page draws. Pure; `now` is passed so SSR and tests agree. */
export function toArticleView(item: ContentItem, now: number, lang: Lang = defaultLang): ArticleView {
  const coverUrl = item.style.data[0]?.url;
  return {
    id: item.post_id,
    title: item.title,
    summary: item.summary,
    source: item.mp?.name || item.source_alias,
    publishedAt: item.publish_at,
    publishedLabel: formatDateTime(item.publish_at),
    views: formatBigNumber(item.view_count, lang),
    likes: item.like_count,
    collects: item.collect_count,
    cover: coverUrl ? { src: coverUrl, alt: item.title } : null,
    bodyHtml: item.content,
    contentType: item.content_type,
    trackId: item.track_id,
    mp: item.mp
      ? { id: item.mp.id, name: item.mp.name, avatar: item.mp.avatar, description: item.mp.description }
      : null,
    related: item.relations.map((r) => toRelatedCard(r, now, lang)),
    commentsOpen: commentsAvailable(item),
  };
}
