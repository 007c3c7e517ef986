import { hydrated, phoneContext } from "@davmu/test-support/browser";
import { describe, expect, it } from "vitest";
import { androidUserAgent, layoutShifts, useContentPages } from "./content-pages.ts";
import { site } from "./setup/site.ts";

const origin = site.origin;

describe("every content type's share page on a phone in WeChat", () => {
  const { browser, cards, link, open, close, visitEach } = useContentPages();

  it("R-LIVE-3 video and audio elements have a playable source: play() resolves muted and the media is ready", async () => {
    const types = ["video", "svideo", "audio", "video_album", "audio_album"] as const;
    await visitEach(
      types.map((type) => [type, link(type)] as const),
      async (page, type) => {
        const media = page.locator("video, audio").first();
        await media.waitFor();
        await hydrated(page);
        await expect
          .poll(() => media.evaluate((m: HTMLMediaElement) => m.currentSrc || m.src), { timeout: 10000 })
          .not.toBe("");
        // nothing of the media is fetched before it is played, unless it plays by itself (short video)
        const before = await media.evaluate((m: HTMLMediaElement) => ({ preload: m.preload, autoplay: m.autoplay }));
        expect(before.preload, type).toBe(before.autoplay ? "auto" : "none");
        const played = await media.evaluate(async (m: HTMLMediaElement) => {
          m.muted = true;
          await m.play();
          const playing = !m.paused;
          m.pause();
          return { playing, src: m.currentSrc, ready: m.readyState, error: m.error?.code ?? null };
        });
        expect(played.playing, type).toBe(true);
        expect(played.ready, type).toBeGreaterThanOrEqual(1);
        expect(played.error, type).toBeNull();
        if (type !== "audio" && type !== "audio_album") {
          expect(await media.getAttribute("playsinline"), type).not.toBeNull();
        }
      },
    );
  });

  it("R-LIVE-3 an HLS video plays natively where the browser() can, else through hls.js fetched only then", async () => {
    // without native HLS (Chrome on Android), the playlist goes through hls.js over Media Source
    const context = await phoneContext(browser());
    await context.addInitScript(() => {
      const original = HTMLMediaElement.prototype.canPlayType;
      HTMLMediaElement.prototype.canPlayType = function (type: string) {
        return /mpegurl/i.test(type) ? "" : original.call(this, type);
      };
    });
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto(link("video"));
    const video = page.locator("video").first();
    // the player is an island woken by a tap (decision 059) on its play button (decision 076): hls.js is
    // fetched once it is tapped
    await hydrated(page);
    await page.getByRole("link", { name: /^播放视频：/ }).tap();
    await expect.poll(() => video.evaluate((m: HTMLVideoElement) => m.src), { timeout: 10000 }).toMatch(/^blob:/);
    await expect
      .poll(() => video.evaluate((m: HTMLVideoElement) => m.readyState), { timeout: 10000 })
      .toBeGreaterThanOrEqual(1);
    expect(scripts.some((url) => /hls\.light/.test(url))).toBe(true);
    await context.close();

    // pages without HLS never fetch it
    const plain = await open(link("audio"));
    const fetched: string[] = [];
    plain.page.on("request", (r) => fetched.push(r.url()));
    await plain.page.reload();
    await plain.page.getByTestId("open-app-banner").waitFor();
    expect(fetched.some((url) => /hls\.light/.test(url))).toBe(false);
    await close(plain.context);
  });

  it("R-CONTENT-2 the audio album shows its status text and track list, and a track plays when chosen", async () => {
    const { page, context } = await open(link("audio_album"));
    expect(await page.getByTestId("album-status").textContent()).toContain("已更新至3集");
    const tracks = page.getByTestId("track-list").locator("button");
    expect(await tracks.count()).toBe(3);
    expect(await tracks.nth(0).getAttribute("aria-current")).toBe("true");
    await page.getByTestId("open-app-banner").waitFor();
    // the tap wakes the player's island and is answered once it is hydrated (decision 059)
    await tracks.nth(2).click();
    await expect.poll(() => tracks.nth(2).getAttribute("aria-current")).toBe("true");
    await expect.poll(() => page.locator("audio").getAttribute("src")).toBe("/media/audio/old-street-3.m4a");
    await close(context);
    const video = await open(link("video_album"));
    expect(await video.page.getByTestId("album-status").textContent()).toContain("已完结，共3集");
    await close(video.context);
  });

  it("R-LIVE-3 the audio and audio album players stay still while the page loads (no layout shift) and play when tapped", async () => {
    // the WeChat phone, and the screen Lighthouse's mobile run emulates
    const screens = [
      { name: "375×667", context: () => phoneContext(browser()) },
      {
        name: "412×823",
        context: () =>
          browser().newContext({
            viewport: { width: 412, height: 823 },
            deviceScaleFactor: 1.75,
            isMobile: true,
            hasTouch: true,
            userAgent: androidUserAgent,
            locale: "zh-CN",
          }),
      },
    ];
    for (const screen of screens) {
      for (const type of ["audio", "audio_album"] as const) {
        const label = `${type} at ${screen.name}`;
        const context = await screen.context();
        const page = await context.newPage();
        await page.goto(link(type));
        await hydrated(page);
        await page.waitForTimeout(1500);
        // every shift counts, even one marked as following input: an emulated touch screen (Lighthouse's
        // mobile run too) marks the page's first shifts so though nobody touched it
        expect(await layoutShifts(page), label).toEqual([]);

        const audio = page.locator("audio.audio-player").first();
        expect(await audio.evaluate((m: HTMLAudioElement) => m.paused), label).toBe(true);
        // the native controls' play button: the first of the row, 10 px in from the player's edge
        await audio.tap({ position: { x: 26, y: 20 } });
        await expect
          .poll(() => audio.evaluate((m: HTMLAudioElement) => !m.paused && m.currentTime > 0.3), { timeout: 10000 })
          .toBe(true);
        expect(await audio.evaluate((m: HTMLAudioElement) => m.error), label).toBeNull();
        // the time running in the controls moves nothing either
        expect(
          (await layoutShifts(page)).filter((shift) => !shift.hadRecentInput),
          `${label}, playing`,
        ).toEqual([]);
        await context.close();
      }
    }
  }, 60_000);

  it("R-ROUTE-7 a local live shows the ImageScreen, LandscapeScreen or PortraitScreen its streams call for", async () => {
    const screens: Record<string, string> = {};
    const rooms = cards().filter((c) => c.content_type === "local_live");
    await visitEach(
      rooms.map((card) => [card.title, origin + card.content_link] as const),
      async (page, title) => {
        screens[title] = (await page.locator("[data-screen]").getAttribute("data-screen")) ?? "";
        if (screens[title] !== "ImageScreen") {
          expect(await page.locator("video").count(), title).toBe(1);
        } else {
          expect(await page.locator(".live-timeline li").count(), title).toBeGreaterThan(0);
        }
        // R-LAYOUT-3: no header on a mobile live page, and no chat yet
        await page.waitForLoadState("networkidle");
        expect(await page.getByTestId("open-app-banner").count(), title).toBe(0);
      },
    );
    expect(screens).toEqual({
      "直播｜2026江澜马拉松全程直播": "LandscapeScreen",
      "竖屏慢直播｜银杏大道的午后": "PortraitScreen",
      "直播回放｜江澜博物馆新馆开馆仪式": "LandscapeScreen",
      "图文直播｜冬季农产品展销会现场": "ImageScreen",
    });
  });
});
