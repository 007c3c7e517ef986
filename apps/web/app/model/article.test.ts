import type { ContentItem } from "@davmu/contracts/content";
import { describe, expect, it } from "vitest";
import { toArticleView, toRelatedCard, toRouterPath } from "./article.ts";

const item: ContentItem = {
  post_id: "AbCdEfGh",
  content_type: "article",
  type: "doc",
  title: "江澜地铁5号线今日开通",
  summary: "18座车站串起城东城西",
  source_alias: "江澜日报",
  publish_at: "2026-11-20T00:30:00.000Z",
  view_count: 123456,
  like_count: 10,
  collect_count: 2,
  duration_str: "",
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
  share_link: "https://share.example.com/davmu/share/news/doc/2026/11/AbCdEfGh/index.html",
  content_link: "/davmu/share/news/doc/2026/11/AbCdEfGh/index.html",
  pc_link: "",
  style: { data: [{ thumb: "/media/covers/a.jpg", url: "/media/covers/a.jpg", wbep_thumb: "" }] },
  state: 0,
  meta: { comment_available: "false" },
  enable_comment: false,
  relations: [
    {
      post_id: "ZyXwVuTs",
      content_type: "article",
      title: "相关",
      source_alias: "江澜新闻",
      publish_at: "2026-11-21T12:30:00.000Z",
      view_count: 999,
      content_link: "/davmu/share/mp/doc/2026/11/ZyXwVuTs/index.html",
      style: { data: [] },
      duration_str: "",
      pic_num: 0,
    },
  ],
  track_id: "article-AbCdEfGh",
  mp: null,
  mp_user_id: null,
  album_status: null,
  expired_at: null,
  content: "<p>正文</p>",
  media: {},
  recommended: false,
};

describe("toArticleView", () => {
  const now = Date.parse("2026-11-22T04:00:00Z");
  it("R-WEB-SSR the article view holds title, source, time, views, cover and body", () => {
    const view = toArticleView(item, now);
    expect(view).toMatchObject({
      title: "江澜地铁5号线今日开通",
      source: "江澜日报",
      publishedLabel: "2026-11-20 08:30",
      views: "12.3万",
      cover: { src: "/media/covers/a.jpg", alt: "江澜地铁5号线今日开通" },
      bodyHtml: "<p>正文</p>",
      commentsOpen: false,
    });
  });
  it("R-UI-LISTS related items become cards with router links and relative times", () => {
    const [card] = toArticleView(item, now).related;
    expect(card).toEqual({
      id: "ZyXwVuTs",
      title: "相关",
      href: "/mp/doc/2026/11/ZyXwVuTs/index.html",
      source: "江澜新闻",
      time: "昨天 20:30",
      views: "999",
      thumb: null,
      contentType: "article",
      duration: "",
      opensPopup: false,
      picNum: 0,
      tag: null,
    });
  });
  it("R-UI-LISTS a card draws the cover's list rendition; a fly card draws the whole cover", () => {
    const related = {
      ...(item.relations[0] as (typeof item.relations)[number]),
      style: { data: [{ thumb: "/media/thumbs/covers/b.jpg", url: "/media/covers/b.jpg", wbep_thumb: "" }] },
    };
    expect(toRelatedCard(related, now).thumb).toBe("/media/thumbs/covers/b.jpg");
    expect(toRelatedCard(related, now, "zh-CN", "cover").thumb).toBe("/media/covers/b.jpg");
    expect(toRelatedCard({ ...related, style: { data: [] } }, now, "zh-CN", "cover").thumb).toBeNull();
  });
  it("R-SEC-XSS an h5 card opens its address in the popup only when a page may link to it; otherwise it is drawn without a link", () => {
    const h5 = { ...(item.relations[0] as (typeof item.relations)[number]), content_type: "h5" as const };
    for (const address of ["/media/h5/metro-map.html", "https://h5.example.com/vote", "http://news.example.cn/a"]) {
      const card = toRelatedCard({ ...h5, content_link: address }, now);
      expect(card, address).toMatchObject({ href: address, opensPopup: true });
    }
    for (const address of ["javascript:alert(document.domain)//", "JavaScript:alert(1)", "data:text/html,x", ""]) {
      const card = toRelatedCard({ ...h5, content_link: address }, now);
      expect(card, address).toMatchObject({ href: "", opensPopup: false });
    }
  });
  it("R-CONTENT-5 comments are open when comment_available is the string true or enable_comment is set", () => {
    expect(toArticleView({ ...item, meta: { comment_available: "true" } }, now).commentsOpen).toBe(true);
    expect(toArticleView({ ...item, enable_comment: true }, now).commentsOpen).toBe(true);
  });
  it("R-SITE-1 share links map into the router's basename", () => {
    expect(toRouterPath("/davmu/share/news/doc/x/index.html")).toBe("/news/doc/x/index.html");
    expect(toRouterPath("/elsewhere")).toBe("/elsewhere");
  });
});
