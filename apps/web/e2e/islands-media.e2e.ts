/**
 * The video, short video, audio, album and gallery pages as island pages (decision 059): each loads no
 * React before a tap; the players, the album's player with its list, the gallery's strip, the short
 * video's follow button and 更多短视频 wake on their first tap and answer it. The video page's player
 * starts with its poster and a play button (decision 076): the page plays a file in the tap, the
 * island sleeping on; a stream only hls.js plays wakes the player, which plays it.
 */
import { hydrated } from "@davmu/test-support/browser";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { androidUserAgent, type ItemType, useContentPages } from "./content-pages.ts";
import { asleepEach, openAsleep, scriptsOf } from "./island-support.ts";

/** The chunks of this group's islands: none of them is fetched before a tap. */
const mediaChunks = (scripts: string[]) =>
  scripts.filter((s) => /^(MediaPlayer|AlbumPlayer|GalleryStrip|hls\.light)-[\w-]{8}\.js$/.test(s));

const island = (page: Page, name: string) => page.locator(`davmu-island[data-island="${name}"]`);
const awake = (page: Page, name: string) =>
  page.locator(`davmu-island[data-island="${name}"][data-awake]`).first().waitFor({ state: "attached" });

/** Playing for real: not paused, and time has run. */
const playing = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((m: HTMLMediaElement) => !m.paused && m.currentTime > 0.2);

describe("the media and gallery pages as island pages, on a phone in WeChat", () => {
  const { browser, cards, link } = useContentPages();

  /** A phone's screen and browser driven by a mouse: a click on a video reaches the page. */
  const mouseContext = () =>
    browser().newContext({ viewport: { width: 375, height: 667 }, userAgent: androidUserAgent, locale: "zh-CN" });

  /** The first demo video whose page plays a file (mp4) or a stream (m3u8). */
  async function videoLink(kind: "mp4" | "m3u8"): Promise<string> {
    const videos = cards().filter((c) => c.content_type === "video");
    for (let i = 0; i < videos.length; i++) {
      const url = link("video", i);
      const html = await (await fetch(url)).text();
      if (new RegExp(`<(video|source)[^>]* src="[^"]+\\.${kind}"`).test(html)) return url;
    }
    throw new Error(`no demo video page with a .${kind} source`);
  }

  it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 every page type loads no React and no island before a tap; the text is server HTML outside the islands", async () => {
    const expected: Array<[ItemType, string[]]> = [
      ["video", ["video-player", "comment-footer", "comment-list"]],
      ["svideo", ["video-player", "follow-button", "read-in-app"]],
      ["audio", ["audio-player", "comment-footer", "comment-list"]],
      ["audio_album", ["album-player"]],
      ["video_album", ["album-player", "comment-footer"]],
      ["image", ["gallery", "comment-footer"]],
    ];
    const islandsOf = new Map(expected);
    await asleepEach(
      browser(),
      expected.map(([type]) => [type, link(type)] as const),
      async (page, type, scripts) => {
        expect(mediaChunks(scripts), type).toEqual([]);
        expect(await page.locator("#page-data").count(), type).toBe(0);
        expect(await page.locator("#island-page").count(), type).toBe(1);
        for (const name of islandsOf.get(type as ItemType) ?? []) {
          expect(await island(page, name).count(), `${type} ${name}`).toBeGreaterThan(0);
          expect(await island(page, name).first().getAttribute("data-awake"), `${type} ${name}`).toBeNull();
        }
        // the headline is never inside an island
        expect(await page.locator("h1").count(), type).toBe(1);
        expect(await page.locator("davmu-island h1").count(), type).toBe(0);
      },
    );
  }, 60_000);

  it("R-WEB-ISLAND-2 R-LIVE-3 a sleeping video (a file) starts with its poster and plays from its play button's first tap, in the tap, the island sleeping on", async () => {
    const url = await videoLink("mp4");
    const phone = await openAsleep(browser(), url);
    const scripts = scriptsOf(phone.page);
    const video = phone.page.locator("video.video-player");
    // the poster first: no native controls yet (decision 076), and a play button over the picture
    expect(await video.evaluate((m: HTMLVideoElement) => [m.paused, m.controls])).toEqual([true, false]);
    const play = phone.page.getByRole("link", { name: /^播放视频：/ });
    expect(await play.getAttribute("href")).toMatch(/\.mp4$/);
    await play.tap();
    await expect.poll(() => playing(phone.page, "video.video-player"), { timeout: 10000 }).toBe(true);
    // the page played it: the native controls in the button's place, the page not left, no React fetched
    expect(await video.evaluate((m: HTMLVideoElement) => m.controls)).toBe(true);
    expect(await play.isVisible()).toBe(false);
    expect(phone.page.url()).toBe(url);
    expect(await island(phone.page, "video-player").getAttribute("data-awake")).toBeNull();
    expect(mediaChunks(scripts)).toEqual([]);
    await phone.context.close();

    // by mouse and keyboard alike
    const context = await mouseContext();
    const page = await context.newPage();
    await page.goto(url);
    await hydrated(page);
    await page.getByRole("link", { name: /^播放视频：/ }).focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => playing(page, "video.video-player"), { timeout: 10000 }).toBe(true);
    expect(page.url()).toBe(url);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-LIVE-3 R-WEB-SSR without JavaScript a video's play button opens the media itself", async () => {
    const url = await videoLink("mp4");
    const context = await browser().newContext({
      viewport: { width: 375, height: 667 },
      userAgent: androidUserAgent,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto(url);
    const play = page.getByRole("link", { name: /^播放视频：/ });
    expect(await play.isVisible()).toBe(true);
    const src = await page.locator("video.video-player").getAttribute("src");
    expect(src).toMatch(/\.mp4$/);
    expect(await play.getAttribute("href")).toBe(src);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-LIVE-3 a first click on a sleeping HLS video plays it through hls.js where the browser has no native HLS", async () => {
    const url = await videoLink("m3u8");
    const context = await mouseContext();
    await context.addInitScript(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? "" : original.call(this, type);
      };
    });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(url);
    await hydrated(page);
    await page.waitForTimeout(1000);
    expect(mediaChunks(scripts)).toEqual([]);
    const video = page.locator("video.video-player");
    // a stream the browser does not play itself: the play button's tap wakes the player, which plays it
    await page.getByRole("link", { name: /^播放视频：/ }).click();
    await expect.poll(() => video.evaluate((m: HTMLVideoElement) => m.src), { timeout: 10000 }).toMatch(/^blob:/);
    // played once hls.js is attached, not before (a play() on the bare element would fail)
    await expect.poll(() => playing(page, "video.video-player"), { timeout: 10000 }).toBe(true);
    expect(scripts.some((s) => s.startsWith("hls.light-"))).toBe(true);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-LIVE-3 a first tap on a sleeping audio player's play button plays it", async () => {
    const { context, page } = await openAsleep(browser(), link("audio"));
    const audio = page.locator("audio.audio-player");
    // the native controls' play button: the first of the row, 10 px in from the player's edge
    await audio.tap({ position: { x: 26, y: 20 } });
    await expect.poll(() => playing(page, "audio.audio-player"), { timeout: 10000 }).toBe(true);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-CONTENT-2 the album's first tap on a track wakes the player and list: the track is current and plays in the player", async () => {
    for (const [type, selector, src] of [
      ["audio_album", "audio", "/media/audio/old-street-2.m4a"],
      ["video_album", "video", "/media/video/rice-noodle.mp4"],
    ] as const) {
      const { context, page } = await openAsleep(browser(), link(type));
      const tracks = page.getByTestId("track-list").locator("button");
      await tracks.nth(1).tap();
      await awake(page, "album-player");
      await expect.poll(() => tracks.nth(1).getAttribute("aria-current")).toBe("true");
      expect(await tracks.nth(0).getAttribute("aria-current"), type).toBeNull();
      await expect.poll(() => page.locator(selector).getAttribute("src")).toBe(src);
      // the player is the island's own: a tap plays the chosen track (a video's on its poster's play
      // button, decision 076)
      if (selector === "audio") await page.locator(selector).tap({ position: { x: 26, y: 20 } });
      else await page.getByRole("link", { name: /^播放视频：/ }).tap();
      await expect.poll(() => playing(page, selector), { timeout: 10000 }).toBe(true);
      await context.close();
    }
  });

  it("R-WEB-ISLAND-2 R-ENT-CONTENT the gallery's strip swipes while it sleeps; once woken its indicator and caption follow where the strip is", async () => {
    const { context, page } = await openAsleep(browser(), link("image"));
    const indicator = page.getByTestId("gallery-indicator");
    const strip = page.getByTestId("gallery-strip");
    expect(await indicator.textContent()).toBe("1/5");
    // scrolled without a tap (as a trackpad or the keyboard would): the island still sleeps, the strip moved
    await strip.evaluate((el) => {
      el.scrollLeft = el.clientWidth * 2;
    });
    await page.waitForTimeout(300);
    expect(await island(page, "gallery").getAttribute("data-awake")).toBeNull();
    expect(await indicator.textContent()).toBe("1/5");
    // the first tap on 下一张 wakes it: the indicator reads the strip's place, then the tap moves on from it
    await page.getByRole("button", { name: "下一张" }).tap();
    await awake(page, "gallery");
    await expect.poll(() => indicator.textContent(), { timeout: 5000 }).toBe("4/5");
    expect(await strip.evaluate((el) => Math.round(el.scrollLeft / el.clientWidth))).toBe(3);
    await page.getByRole("button", { name: "上一张" }).tap();
    await expect.poll(() => indicator.textContent(), { timeout: 5000 }).toBe("3/5");
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-UI-DIALOG the short video's 更多短视频 answers its first tap with the open-app dialog", async () => {
    const { context, page } = await openAsleep(browser(), link("svideo"));
    await page.locator(".svideo-more").tap();
    await page.getByTestId("open-app-dialog").getByRole("button", { name: "立即前往" }).waitFor({ timeout: 8000 });
    expect(await island(page, "video-player").getAttribute("data-awake")).toBeNull();
    await context.close();
  });
});
