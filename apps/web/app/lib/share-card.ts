import type { MetaDescriptor } from "./router.ts";

/**
 * The share card of a page (R-SHARE-1): everything a crawler, a messaging app or a phone reads from
 * the head to draw the page's card, built by one function from the page's share facts. Pure: the
 * facts are gathered on the server by the detail pipeline (share-meta.ts `shareFacts`) and the head
 * is drawn by the detail pages' `meta` export.
 */

/** What a card says the page is: decides the Open Graph type and the schema.org type of its JSON-LD. */
export type ShareKind = "article" | "video" | "audio" | "gallery" | "live" | "collection" | "mini_program";

/** The schema.org type of each kind (every one a type schema.org defines). */
export const schemaTypes: Record<ShareKind, string> = {
  article: "NewsArticle",
  video: "VideoObject",
  audio: "AudioObject",
  gallery: "ImageGallery",
  live: "BroadcastEvent",
  collection: "CollectionPage",
  mini_program: "WebPage",
};

const ogTypes: Record<ShareKind, string> = {
  article: "article",
  video: "video.other",
  audio: "music.song",
  gallery: "article",
  live: "video.other",
  collection: "website",
  mini_program: "website",
};

/** The facts of a shared page, every URL absolute (on PUBLIC_ORIGIN, the origin of the share link). */
export interface ShareFacts {
  kind: ShareKind;
  title: string;
  summary: string;
  /** the share link: og:url, the canonical link and the WeChat share link */
  link: string;
  /** the cover, absolute; null when the item has none */
  image: string | null;
  /** the item's deep link into the native app (apple-itunes-app's app-argument, the open tags' extinfo) */
  deepLink: string;
  /** the App Store id of the native app (from the editors' iOS download address); null when unknown */
  appStoreId: string | null;
  /** publication time, ISO 8601 */
  published?: string;
  /** who published it (the source alias) */
  author?: string;
  /** the organisation's site name */
  siteName?: string;
  /** the played file of a video or audio, absolute */
  contentUrl?: string;
  /** ISO 8601 duration, `PT3M25S` */
  duration?: string;
  /** a live's start and end, ISO 8601 */
  startDate?: string;
  endDate?: string | null;
  /** a gallery's pictures, absolute */
  images?: string[];
  /** the item's public id: the open-app chain mints its deferred-link code with it */
  postId?: string;
  /** the mini program a mini-program item opens (wx-open-launch-weapp) */
  weapp?: { appid: string; path: string };
}

/** The share data of WeChat's JS-SDK (updateAppMessageShareData / updateTimelineShareData, R-WX-1). */
export interface WechatShareData {
  title: string;
  desc: string;
  link: string;
  imgUrl: string;
}

export interface ShareCard {
  head: MetaDescriptor[];
  wechat: WechatShareData;
  jsonLd: Record<string, unknown>;
}

/** A URL made absolute against the share link (pictures from the API are paths on the site's origin). */
export function absoluteUrl(url: string, base: string): string {
  try {
    return new URL(url, base).href;
  } catch {
    return url;
  }
}

/** `03:25` or `1:02:03` → `PT3M25S` / `PT1H2M3S`; anything else → undefined. */
export function isoDuration(text: string | null | undefined): string | undefined {
  if (!text || !/^\d{1,3}(:\d{1,2}){1,2}$/.test(text.trim())) return undefined;
  const parts = text.trim().split(":").map(Number);
  const [h, m, s] = parts.length === 3 ? parts : [0, parts[0] ?? 0, parts[1] ?? 0];
  return `PT${h ? `${h}H` : ""}${m ? `${m}M` : ""}${s || (!h && !m) ? `${s}S` : ""}`;
}

function jsonLdOf(facts: ShareFacts): Record<string, unknown> {
  const type = schemaTypes[facts.kind];
  const base: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": type,
    name: facts.title,
    description: facts.summary || undefined,
    url: facts.link,
  };
  const publisher = facts.siteName ? { "@type": "Organization", name: facts.siteName } : undefined;
  const image = facts.image ?? undefined;
  switch (facts.kind) {
    case "article":
      return {
        ...base,
        headline: facts.title.slice(0, 110),
        image: image ? [image] : undefined,
        datePublished: facts.published,
        author: facts.author ? { "@type": "Organization", name: facts.author } : undefined,
        publisher,
        mainEntityOfPage: facts.link,
      };
    case "video":
    case "audio":
      return {
        ...base,
        thumbnailUrl: image ? [image] : undefined,
        uploadDate: facts.published,
        contentUrl: facts.contentUrl,
        duration: facts.duration,
        publisher,
      };
    case "gallery":
      return {
        ...base,
        datePublished: facts.published,
        image: (facts.images?.length ? facts.images : image ? [image] : undefined)?.map((url) => ({
          "@type": "ImageObject",
          contentUrl: url,
        })),
        publisher,
      };
    case "live":
      return {
        ...base,
        image,
        isLiveBroadcast: true,
        startDate: facts.startDate ?? facts.published,
        endDate: facts.endDate ?? undefined,
        publishedOn: publisher ? { "@type": "BroadcastService", name: facts.siteName } : undefined,
      };
    case "collection":
    case "mini_program":
      return { ...base, image, datePublished: facts.published, publisher };
  }
}

/**
 * Drops undefined members, so the JSON-LD names only what the page knows: what a JSON round trip
 * makes of its plain values (an undefined in a list becomes null), without writing and reading it.
 */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (member !== undefined) out[key] = compactValue(member);
  }
  return out;
}

function compactValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map((v) => (v === undefined ? null : compactValue(v)));
  if (value !== null && typeof value === "object") return compact(value as Record<string, unknown>);
  return value;
}

/**
 * The one function that builds every share card (R-SHARE-1): Open Graph, the Twitter card, the
 * JSON-LD of the fitting schema.org type, `apple-itunes-app` with the item's deep link as its
 * app-argument, the canonical link, WeChat's own microdata fallback (`itemprop` name, description,
 * image: what WeChat shows when the JS-SDK is not configured), and the JS-SDK's share data.
 */
export function shareCard(facts: ShareFacts): ShareCard {
  const desc = facts.summary || facts.title;
  const jsonLd = compact(jsonLdOf(facts));
  const head: MetaDescriptor[] = [
    // the page's description is the item's, as og:description says (baseMeta leaves the site's out)
    { name: "description", content: desc },
    { property: "og:type", content: ogTypes[facts.kind] },
    { property: "og:title", content: facts.title },
    { property: "og:description", content: desc },
    { property: "og:url", content: facts.link },
    ...(facts.siteName ? [{ property: "og:site_name", content: facts.siteName }] : []),
    ...(facts.image ? [{ property: "og:image", content: facts.image }] : []),
    ...(facts.kind === "video" && facts.contentUrl ? [{ property: "og:video", content: facts.contentUrl }] : []),
    ...(facts.kind === "audio" && facts.contentUrl ? [{ property: "og:audio", content: facts.contentUrl }] : []),
    ...(facts.kind === "article" && facts.published
      ? [{ property: "article:published_time", content: facts.published }]
      : []),
    { name: "twitter:card", content: facts.image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: facts.title },
    { name: "twitter:description", content: desc },
    ...(facts.image ? [{ name: "twitter:image", content: facts.image }] : []),
    { itemProp: "name", content: facts.title },
    { itemProp: "description", content: desc },
    ...(facts.image ? [{ itemProp: "image", content: facts.image }] : []),
    ...(facts.appStoreId
      ? [{ name: "apple-itunes-app", content: `app-id=${facts.appStoreId}, app-argument=${facts.deepLink}` }]
      : []),
    { name: "davmu:deep-link", content: facts.deepLink },
    ...(facts.postId ? [{ name: "davmu:post-id", content: facts.postId }] : []),
    ...(facts.weapp ? [{ name: "davmu:weapp", content: JSON.stringify(facts.weapp) }] : []),
    { tagName: "link", rel: "canonical", href: facts.link },
    { "script:ld+json": jsonLd },
  ];
  return {
    head,
    jsonLd,
    wechat: { title: facts.title, desc, link: facts.link, imgUrl: facts.image ?? "" },
  };
}
