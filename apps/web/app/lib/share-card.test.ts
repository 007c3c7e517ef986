import type { ContentItem, ContentType, SpecialDetail } from "@davmu/contracts/content";
import { describe, expect, it } from "vitest";
import { intentOf, universalLinkOf } from "./open-app-links.ts";
import { type KeptData, keep } from "./page-data.ts";
import type { MetaDescriptor } from "./router.ts";
import { absoluteUrl, isoDuration, schemaTypes, shareCard } from "./share-card.ts";
import { detailPageMeta, type ShareContext, shareFacts, specialShareFacts } from "./share-meta.ts";

const origin = "https://share.jianglan.example";
const context: ShareContext = { scheme: "jianglan", appStoreId: "6450000001", siteName: "江澜新闻" };

function item(type: ContentType, media: ContentItem["media"] = {}, extra: Partial<ContentItem> = {}): ContentItem {
  const path = `/davmu/share/news/${type}/2026/11/AbCdEfGh/index.html`;
  return {
    post_id: "AbCdEfGh",
    content_type: type,
    type: "doc",
    title: `江澜${type}标题`,
    summary: "一段摘要：澜江两岸的早晨。",
    source_alias: "江澜日报",
    publish_at: "2026-11-20T00:30:00.000Z",
    view_count: 1,
    like_count: 0,
    collect_count: 0,
    duration_str: "03:25",
    pic_num: 0,
    payload: {
      url: "",
      real_url: "",
      nav: false,
      capsule: false,
      bizName: "",
      enable_app: true,
      enable_pc: true,
      app_url: "",
      pc_url: "",
    },
    share_link: `${origin}${path}`,
    content_link: path,
    pc_link: "",
    style: { data: [{ url: "/media/covers/article-01.jpg", thumb: "", wbep_thumb: "" }] },
    state: 0,
    meta: { comment_available: "true" },
    enable_comment: true,
    relations: [],
    track_id: "t",
    mp: null,
    mp_user_id: null,
    album_status: null,
    expired_at: null,
    content: "",
    media,
    recommended: false,
    ...extra,
  } as ContentItem;
}

const video = {
  src: "/media/video/clip.mp4",
  poster: "/media/posters/clip.jpg",
  orientation: "landscape" as const,
  width: 1280,
  height: 720,
};
const pages: Record<string, ContentItem> = {
  article: item("article"),
  video: item("video", { video }),
  svideo: item("svideo", { video: { ...video, orientation: "portrait" } }),
  audio: item("audio", { audio: { src: "/media/audio/talk.mp3", cover: "/media/covers/a.jpg" } }),
  gallery: item("image", {
    images: [
      { url: "/media/gallery/1.jpg", thumb: "", width: 1, height: 1, caption: "" },
      { url: "https://cdn.example.com/2.jpg", thumb: "", width: 1, height: 1, caption: "" },
    ],
  }),
  album: item("video_album"),
  live: item("local_live", {
    live: {
      status: "live",
      orientation: "landscape",
      start_time: "2026-11-22T23:00:00.000Z",
      end_time: null,
      online_count: 3,
      playlists: [],
      images: [],
    },
  }),
  miniProgram: item("mini_program", {
    mini_program: { name: "江澜政务", app_id: "wx8a1c0e2f3b4d5e6f", path: "pages/index/index", logo: "" },
  }),
};

/** The head as the page's markup has it, one tag a line: the snapshot reads like the page source. */
function html(head: MetaDescriptor[]): string {
  const attr = (v: unknown) => String(v).replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  return head
    .map((d) => {
      const entry = d as Record<string, unknown>;
      if ("title" in entry) return `<title>${entry.title}</title>`;
      if ("script:ld+json" in entry)
        return `<script type="application/ld+json">${JSON.stringify(entry["script:ld+json"])}</script>`;
      const { tagName = "meta", ...rest } = entry;
      const attrs = Object.entries(rest).map(([k, v]) => `${k === "itemProp" ? "itemprop" : k}="${attr(v)}"`);
      return `<${tagName} ${attrs.join(" ")}>`;
    })
    .join("\n");
}

const realTypes = new Set([...Object.values(schemaTypes), "Organization", "ImageObject", "BroadcastService"]);
function typesIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) typesIn(v, found);
  else if (value && typeof value === "object") {
    const type = (value as Record<string, unknown>)["@type"];
    if (typeof type === "string") found.push(type);
    for (const v of Object.values(value)) typesIn(v, found);
  }
  return found;
}

describe("share cards (R-SHARE-1)", () => {
  for (const [page, content] of Object.entries(pages)) {
    it(`R-SHARE-1 the ${page} page's head: Open Graph, Twitter, JSON-LD, apple-itunes-app, canonical, WeChat data`, () => {
      const card = shareCard(shareFacts(content, context));
      expect(html(card.head)).toMatchSnapshot();
      const json = card.head.find((d) => "script:ld+json" in d) as Record<string, unknown>;
      const ld = JSON.parse(JSON.stringify(json["script:ld+json"])) as Record<string, unknown>;
      expect(ld["@context"]).toBe("https://schema.org");
      for (const type of typesIn(ld)) expect(realTypes.has(type), type).toBe(true);
      // every URL of the card is absolute https on the public origin (or the picture's own CDN)
      for (const d of card.head) {
        for (const value of Object.values(d as Record<string, unknown>)) {
          if (typeof value === "string" && /^(\/|https?:)/.test(value) && !value.includes(" ")) {
            expect(value, String(value)).toMatch(/^https:\/\//);
          }
        }
      }
      expect(card.wechat).toEqual({
        title: content.title,
        desc: content.summary,
        link: content.share_link,
        imgUrl: `${origin}/media/covers/article-01.jpg`,
      });
    });
  }

  it("R-SHARE-1 a special's card is a CollectionPage with its own share link", () => {
    const special: SpecialDetail = {
      post_id: "Sp3c1a1x",
      title: "专题：2026江澜马拉松",
      summary: "",
      cover: "/media/covers/special.jpg",
      share_link: `${origin}/davmu/share/news/special/2026/11/Sp3c1a1x/index.html`,
      sections: [],
      groups: [],
      total_groups: 0,
    };
    const card = shareCard(specialShareFacts(special, context));
    expect(html(card.head)).toMatchSnapshot();
    expect(card.jsonLd["@type"]).toBe("CollectionPage");
    // no summary: the description falls back to the title
    expect(card.wechat.desc).toBe(special.title);
  });

  it("R-SHARE-1 each kind names its schema.org type", () => {
    const types = Object.fromEntries(
      Object.entries(pages).map(([page, content]) => [page, shareCard(shareFacts(content, context)).jsonLd["@type"]]),
    );
    expect(types).toEqual({
      article: "NewsArticle",
      video: "VideoObject",
      svideo: "VideoObject",
      audio: "AudioObject",
      gallery: "ImageGallery",
      album: "CollectionPage",
      live: "BroadcastEvent",
      miniProgram: "WebPage",
    });
  });

  it("R-SHARE-1 without an App Store id there is no apple-itunes-app; without a cover a summary card", () => {
    const content = item("article", {}, { style: { data: [] } });
    const card = shareCard(shareFacts(content, { ...context, appStoreId: null }));
    expect(card.head.some((d) => (d as { name?: string }).name === "apple-itunes-app")).toBe(false);
    expect(card.head).toContainEqual({ name: "twitter:card", content: "summary" });
    expect(card.wechat.imgUrl).toBe("");
  });

  it("R-SHARE-1 the detail pages' meta draws the card from the loader's share facts", () => {
    const content = pages.article as ContentItem;
    const meta = detailPageMeta<
      () => Promise<KeptData<{ view: { title: string; summary: string; cover: null }; shareLink: string }>>
    >((data) => ({ title: data.view.title, summary: data.view.summary, image: null, url: data.shareLink }));
    // the loader's answer as React Router hands it to `meta`: a handle, its data kept on the server
    const head = meta({
      loaderData: keep({
        view: { title: content.title, summary: content.summary, cover: null },
        shareLink: content.share_link,
        share: shareFacts(content, context),
      }),
    });
    if (!import.meta.env.SSR) return;
    expect(head[0]).toEqual({ title: "客户端分享" });
    expect(head).toContainEqual({ tagName: "link", rel: "canonical", href: content.share_link });
    expect(head).toContainEqual({ property: "og:image", content: `${origin}/media/covers/article-01.jpg` });
  });

  it("R-SHARE-1 URLs, durations and the app's links", () => {
    expect(absoluteUrl("/media/a.jpg", `${origin}/davmu/share/x`)).toBe(`${origin}/media/a.jpg`);
    expect(isoDuration("03:25")).toBe("PT3M25S");
    expect(isoDuration("1:02:03")).toBe("PT1H2M3S");
    expect(isoDuration("")).toBeUndefined();
    const deep = `jianglan://open?url=${encodeURIComponent(`${origin}/davmu/share/a`)}`;
    expect(universalLinkOf("https://link.jianglan.example/open", deep)).toBe(
      `https://link.jianglan.example/open?deeplink=${encodeURIComponent(deep)}`,
    );
    expect(intentOf(deep, "com.jianglan.news")).toBe(
      `intent://open?url=${encodeURIComponent(`${origin}/davmu/share/a`)}#Intent;scheme=jianglan;package=com.jianglan.news;end`,
    );
  });
});
