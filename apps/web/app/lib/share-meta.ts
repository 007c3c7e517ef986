import type { ContentItem, ContentType, SpecialDetail } from "@davmu/contracts/content";
import type { ArticleView } from "../model/article.ts";
import { baseMeta } from "./meta.ts";
import { appDeepLink } from "./open-app-links.ts";
import { type KeepingLoader, type PageData, pageData } from "./page-data.ts";
import type { MetaDescriptor } from "./router.ts";
import { absoluteUrl, isoDuration, type ShareFacts, type ShareKind, shareCard } from "./share-card.ts";

/** What a detail page's head is made of, read from its loader data. */
export interface ShareHead {
  title: string;
  summary: string;
  /** og:image, when the item has a picture */
  image: string | null;
  /** og:url and the canonical link: the item's share link */
  url: string;
  /** the first screen's largest image when no <img> shows it (a video poster): fetched first */
  leadImage?: string | null;
}

/** The head of a content page, from its view and share link. */
export function viewHead(
  data: { view: Pick<ArticleView, "title" | "summary" | "cover">; shareLink: string },
  leadImage?: string | null,
): ShareHead {
  const { view } = data;
  return {
    title: view.title,
    summary: view.summary,
    image: view.cover ? view.cover.src : null,
    url: data.shareLink,
    leadImage,
  };
}

/** What the share card needs besides the item: read once per render by the detail pipeline. */
export interface ShareContext {
  /** the native app's URL scheme (APP_SCHEME) */
  scheme: string;
  /** the App Store id, from the editors' iOS download address; null when unset */
  appStoreId: string | null;
  /** the organisation's site name (site config) */
  siteName: string | null;
}

const kinds: Partial<Record<ContentType, ShareKind>> = {
  video: "video",
  svideo: "video",
  audio: "audio",
  image: "gallery",
  local_live: "live",
  live: "live",
  audio_album: "collection",
  video_album: "collection",
  special: "collection",
  sp_topic: "collection",
  topic: "collection",
  mini_program: "mini_program",
};

/** The kind of card of a content type: an article unless it is media, a live or a collection. */
export function shareKindOf(type: ContentType): ShareKind {
  return kinds[type] ?? "article";
}

/**
 * The share facts of a content item (R-SHARE-1), every URL made absolute against its share link,
 * which the API builds on PUBLIC_ORIGIN. Run by the detail pipeline on the server.
 */
export function shareFacts(item: ContentItem, context: ShareContext): ShareFacts {
  const link = item.share_link;
  const media = item.media;
  const cover = item.style.data[0]?.url || media.video?.poster || media.audio?.cover || "";
  const played = media.video?.src || media.audio?.src;
  const live = media.live;
  return {
    kind: shareKindOf(item.content_type),
    title: item.title,
    summary: item.summary,
    link,
    image: cover ? absoluteUrl(cover, link) : null,
    deepLink: appDeepLink(context.scheme, link),
    appStoreId: context.appStoreId,
    published: item.publish_at,
    author: item.mp?.name || item.source_alias || undefined,
    siteName: context.siteName ?? undefined,
    contentUrl: played ? absoluteUrl(played, link) : undefined,
    duration: isoDuration(item.duration_str),
    startDate: live?.start_time,
    endDate: live?.end_time,
    images: media.images?.slice(0, 20).map((image) => absoluteUrl(image.url, link)),
    postId: item.post_id,
    weapp: media.mini_program?.app_id ? { appid: media.mini_program.app_id, path: media.mini_program.path } : undefined,
  };
}

/** The share facts of a special topic (a collection page). */
export function specialShareFacts(special: SpecialDetail, context: ShareContext): ShareFacts {
  const link = special.share_link;
  return {
    kind: "collection",
    title: special.title,
    summary: special.summary,
    link,
    image: special.cover ? absoluteUrl(special.cover, link) : null,
    deepLink: appDeepLink(context.scheme, link),
    appStoreId: context.appStoreId,
    siteName: context.siteName ?? undefined,
    postId: special.post_id,
  };
}

const noMeta = (): MetaDescriptor[] => [];

/**
 * The `meta` export of a detail page (decision 021): the site's title and keywords, and the item's
 * share card (share-card.ts: Open Graph, Twitter, JSON-LD, apple-itunes-app, canonical, WeChat's
 * microdata) from the share facts the pipeline put in the loader data. `head` reads the page's own
 * picks from the loader's data (its first screen's lead image; the title, summary and cover the page
 * shows). The head is the server's alone: in the browser no meta function runs (no page runs React
 * Router there, decision 058), so no page's scripts carry any of this. The card's kind (its
 * content type) decides og:type and the JSON-LD type.
 */
export function detailPageMeta<L extends KeepingLoader>(
  head: (data: PageData<L>) => ShareHead,
): (args: { loaderData?: unknown }) => MetaDescriptor[] {
  if (!import.meta.env.SSR) return noMeta;
  return ({ loaderData: handle }) => {
    if (!handle) return baseMeta();
    const loaderData = pageData<L>(handle);
    const picks = head(loaderData);
    const facts = (loaderData as { share?: ShareFacts }).share;
    const card = facts
      ? shareCard({
          ...facts,
          title: picks.title,
          summary: picks.summary,
          image: picks.image ? absoluteUrl(picks.image, facts.link) : facts.image,
        })
      : null;
    return baseMeta([
      ...(picks.leadImage
        ? [{ tagName: "link", rel: "preload", as: "image", href: picks.leadImage, fetchPriority: "high" }]
        : []),
      ...(card ? card.head : [{ tagName: "link", rel: "canonical", href: picks.url }]),
    ]);
  };
}
