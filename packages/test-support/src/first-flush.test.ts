import { describe, expect, it } from "vitest";
import { type DetailPageType, firstPacketHolds, firstPacketTops } from "./first-flush.ts";

const head = `<!DOCTYPE html><html lang="zh-CN"><head><style id="critical-css">${":root{--x:1}".repeat(60)}</style></head><body>`;

/** The top of each detail page as the site renders it, headline then lead. */
const tops: Record<DetailPageType, [headline: string, lead: string]> = {
  article: ['<h1 class="article-title">老街修表匠</h1>', '<p class="article-summary">在江澜老城青石巷……</p>'],
  video: ['<h1 class="article-title">航拍江澜马拉松</h1>', '<p class="article-summary">无人机视角下……</p>'],
  audio: ['<h1 class="article-title">江澜早新闻</h1>', '<p class="article-summary">今日要闻……</p>'],
  svideo: [
    '<h1 class="svideo-title">银杏大道落叶纷飞</h1>',
    '<video class="svideo-player" src="/media/video/ginkgo.mp4" poster="/media/posters/ginkgo.jpg" aria-label="银杏">',
  ],
  "audio-album": ['<h1 class="album-title">老街声音故事</h1>', '<p class="album-summary">走进江澜老城的街巷……</p>'],
  "video-album": ['<h1 class="album-title">江澜城事微纪录</h1>', '<p class="album-summary">三集微纪录片……</p>'],
  gallery: [
    '<h1 class="gallery-title">组图｜深秋江澜</h1>',
    '<figure class="gallery-slide"><img src="/media/gallery/ginkgo-1.jpg" alt="城东银杏大道" width="750" height="500" loading="eager"/></figure>' +
      '<div class="gallery-bar"></div><p class="gallery-caption" data-testid="gallery-caption">城东银杏大道</p>',
  ],
  live: [
    '<h1 class="live-title">直播｜2026江澜马拉松</h1>',
    '<p class="live-lead">跟随直播镜头，看两万名跑者穿过江澜……</p>',
  ],
  "mini-program": [
    '<h1 class="article-title">江澜政务服务</h1>',
    '<p class="article-summary mini-summary">在小程序里查询社保……</p>',
  ],
  special: ["<h1>江澜城市更新进行时</h1>", '<p class="special-summary">口袋公园、地铁新线……</p>'],
};

describe("firstPacketHolds", () => {
  it("knows the top of every content detail page type", () => {
    expect(Object.keys(firstPacketTops).sort()).toEqual(Object.keys(tops).sort());
  });

  for (const [type, [headline, lead]] of Object.entries(tops) as Array<[DetailPageType, [string, string]]>) {
    it(`${type}: holds head, stylesheet, headline and lead when all arrived`, () => {
      expect(firstPacketHolds(`${head}<main>${headline}${lead}`, type)).toEqual({
        head: true,
        criticalCss: true,
        headline: true,
        lead: true,
      });
    });

    it(`${type}: says what is missing when the packet ends early`, () => {
      expect(firstPacketHolds(`${head}<main>${headline}`, type)).toMatchObject({ headline: true, lead: false });
      expect(firstPacketHolds(head.slice(0, 200), type)).toEqual({
        head: false,
        criticalCss: false,
        headline: false,
        lead: false,
      });
    });
  }

  it("checks an article by default", () => {
    const [headline, lead] = tops.article;
    expect(firstPacketHolds(`${head}${headline}${lead}`)).toEqual(
      firstPacketHolds(`${head}${headline}${lead}`, "article"),
    );
    expect(firstPacketHolds(`${head}${tops.special.join("")}`)).toMatchObject({ headline: false, lead: false });
  });

  it("does not take a live room's other paragraphs for its lead", () => {
    const [headline] = tops.live;
    const html = `${head}${headline}<p class="live-facts"><span>5321人在看</span></p><div class="live-intro"><p>直播简介</p></div>`;
    expect(firstPacketHolds(html, "live").lead).toBe(false);
  });
});
