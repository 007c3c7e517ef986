import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type DemoCard, demoCards, hydrated, launchBrowser, phoneContext } from "./browser.ts";

const origin = inject("siteOrigin");
const editorApiKey = inject("editorApiKey");

type ItemType =
  | "video"
  | "svideo"
  | "audio"
  | "audio_album"
  | "video_album"
  | "image"
  | "mini_program"
  | "local_live"
  | "special"
  | "h5";

/** A demo item, its type narrowed to the detail types this file opens. */
type Card = DemoCard & { content_type: ItemType };

const axePath = (() => {
  try {
    return createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  } catch {
    return null;
  }
})();

/** axe-core's WCAG 2.1 A and AA rules on the page as it stands. */
async function axeViolations(page: Page): Promise<string[]> {
  if (!axePath || !existsSync(axePath)) throw new Error("axe-core is not installed (a dev dependency)");
  await page.evaluate(readFileSync(axePath, "utf8"));
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations as { id: string; help: string; nodes: { target: unknown[] }[] }[];
  });
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join("; ")}`);
}

/** Chrome on an Android phone, as Lighthouse's mobile run presents itself. */
const androidUserAgent =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

interface LayoutShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  /** where the shifted boxes were and went: "x,y w×h → x,y w×h" */
  moved: string[];
}

/** The layout shifts the page has recorded since it started loading (a buffered observer). */
function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Entry = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { previousRect: Rect; currentRect: Rect }[];
        };
        const rect = (r: Rect) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        const shifts: LayoutShift[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Entry[]) {
            shifts.push({
              value: entry.value,
              startTime: Math.round(entry.startTime),
              hadRecentInput: entry.hadRecentInput,
              moved: entry.sources.map((s) => `${rect(s.previousRect)} → ${rect(s.currentRect)}`),
            });
          }
        });
        observer.observe({ type: "layout-shift", buffered: true });
        // buffered entries arrive in a task of their own; none at all means no callback
        setTimeout(() => {
          observer.disconnect();
          resolve(shifts);
        }, 200);
      }),
  );
}

describe("every content type's share page on a phone in WeChat", () => {
  let browser: Browser;
  let cards: Card[];
  const link = (type: ItemType, nth = 0) => {
    const card = cards.filter((c) => c.content_type === type)[nth];
    if (!card) throw new Error(`no demo item of type ${type}`);
    return origin + card.content_link;
  };

  beforeAll(async () => {
    browser = await launchBrowser();
    cards = (await demoCards(origin)) as Card[];
  });
  afterAll(() => browser?.close());

  async function open(url: string, options: { javaScriptEnabled?: boolean } = {}) {
    const context = await phoneContext(browser, options);
    const page = await context.newPage();
    const response = await page.goto(url);
    return { page, context, response };
  }

  async function close(context: BrowserContext) {
    await context.close();
  }

  it("R-ROUTE-1 every content type has its share route under /{actor}/{type}/{yyyy}/{mm}/{post_id}/index.html", () => {
    for (const type of [
      "video",
      "svideo",
      "audio",
      "audio_album",
      "video_album",
      "gallery",
      "local_live",
      "mini_program",
      "special",
    ]) {
      const kind = (type === "gallery" ? "image" : type) as ItemType;
      expect(link(kind), type).toMatch(
        new RegExp(`/davmu/share/(news|mp)/${type}/\\d{4}/\\d{2}/[A-Za-z0-9]+/index\\.html$`),
      );
    }
  });

  it("R-WEB-SSR each type's page is rendered on the server with its title and main media", async () => {
    const expectations: [ItemType, string][] = [
      ["video", "video"],
      ["svideo", "video"],
      ["audio", "audio"],
      ["audio_album", "audio"],
      ["video_album", "video"],
      ["image", ".gallery-slide img"],
      ["mini_program", ".mini-card"],
      ["local_live", "video"],
      ["special", ".special-group"],
    ];
    for (const [type, media] of expectations) {
      const { page, context, response } = await open(link(type), { javaScriptEnabled: false });
      expect(response?.status(), type).toBe(200);
      const card = cards.find((c) => c.content_type === type) as Card;
      expect(await page.locator("h1").first().textContent(), type).toBe(card.title);
      expect(await page.locator(media).count(), type).toBeGreaterThan(0);
      await close(context);
    }
  });

  it("R-LIVE-3 video and audio elements have a playable source: play() resolves muted and the media is ready", async () => {
    for (const type of ["video", "svideo", "audio", "video_album", "audio_album"] as const) {
      const { page, context } = await open(link(type));
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
      await close(context);
    }
  });

  it("R-LIVE-3 an HLS video plays natively where the browser can, else through hls.js fetched only then", async () => {
    // without native HLS (Chrome on Android), the playlist goes through hls.js over Media Source
    const context = await phoneContext(browser);
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
    await tracks.nth(2).click();
    expect(await tracks.nth(2).getAttribute("aria-current")).toBe("true");
    await expect.poll(() => page.locator("audio").getAttribute("src")).toBe("/media/audio/old-street-3.m4a");
    await close(context);
    const video = await open(link("video_album"));
    expect(await video.page.getByTestId("album-status").textContent()).toContain("已完结，共3集");
    await close(video.context);
  });

  it("R-LIVE-3 the audio and audio album players stay still while the page loads (no layout shift) and play when tapped", async () => {
    // the WeChat phone, and the screen Lighthouse's mobile run emulates
    const screens = [
      { name: "375×667", context: () => phoneContext(browser) },
      {
        name: "412×823",
        context: () =>
          browser.newContext({
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

  it("R-UI-LISTS a video page lists related items, the 72-hour hot list and editors' picks below, with type tags", async () => {
    // demo items carry fixed dates: publish one now so the 72-hour list has something whenever this runs
    const fresh = await fetch(`${origin}/editor/v1/contents`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": editorApiKey },
      body: JSON.stringify([
        {
          // a video, so the newest article other tests take from the home page stays a demo article
          external_id: "e2e-hot-now",
          content_type: "video",
          title: "刚刚发布：江澜今冬首场雪",
          source_alias: "江澜新闻",
          publish_at: new Date().toISOString(),
          view_count: 10,
          duration_str: "00:05",
          media: {
            video: {
              src: "/media/video/river-egrets.mp4",
              poster: "/media/posters/river-egrets.jpg",
              orientation: "landscape",
              width: 640,
              height: 360,
            },
          },
        },
      ]),
    }).then((r) => r.json());
    expect(fresh.code).toBe(0);
    const { page, context } = await open(link("video"));
    const related = page.getByTestId("related-list");
    expect(await related.locator(".card").count()).toBeGreaterThan(0);
    expect(await related.getByTestId("type-tag").first().textContent()).toMatch(/视频|图集/);
    expect(await page.getByTestId("hot-list").textContent()).toContain("刚刚发布：江澜今冬首场雪");
    expect(await page.getByTestId("recommend-list").locator(".card").count()).toBeGreaterThan(0);
    expect(await page.locator("#comments").count()).toBe(1);
    expect(await page.getByTestId("comment-footer").count()).toBe(1);
    await close(context);
  });

  it("R-LAYOUT-3 gallery, audio album, svideo, special and local live have no lists below; only the gallery keeps the footer", async () => {
    for (const type of ["image", "audio_album", "svideo", "special", "local_live"] as const) {
      const { page, context } = await open(link(type));
      await page.waitForLoadState("networkidle");
      expect(await page.getByTestId("related-list").count(), type).toBe(0);
      expect(await page.getByTestId("hot-list").count(), type).toBe(0);
      expect(await page.getByTestId("comment-footer").count(), type).toBe(type === "image" ? 1 : 0);
      await close(context);
    }
  });

  it("R-LAYOUT-3 in the mini program the header gives way to the router control", async () => {
    const context = await phoneContext(browser);
    await context.addInitScript(() => {
      (window as unknown as { __wxjs_environment: string }).__wxjs_environment = "miniprogram";
    });
    const page = await context.newPage();
    await page.goto(link("video"));
    await page.getByTestId("router-control").waitFor();
    expect(await page.getByTestId("open-app-banner").count()).toBe(0);
    await context.close();
  });

  it("R-ENT-CONTENT the gallery swipes to the next picture and the indicator follows", async () => {
    const { page, context } = await open(link("image"));
    const indicator = page.getByTestId("gallery-indicator");
    expect(await indicator.textContent()).toBe("1/5");
    await page.getByTestId("open-app-banner").waitFor();
    const strip = page.getByTestId("gallery-strip");
    const box = await strip.boundingBox();
    if (!box) throw new Error("no gallery strip");
    // a finger swipes from right to left across the picture
    const cdp = await context.newCDPSession(page);
    const y = Math.round(box.y + box.height / 2);
    const from = Math.round(box.x + box.width * 0.8);
    await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [{ x: from, y }] });
    for (let step = 1; step <= 8; step++) {
      const x = from - Math.round((box.width * 0.64 * step) / 8);
      await cdp.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [{ x, y }] });
      await page.waitForTimeout(16);
    }
    await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
    await expect.poll(() => indicator.textContent(), { timeout: 5000 }).toBe("2/5");
    expect(await page.getByTestId("gallery-caption").textContent()).toContain("延迟清扫");
    await page.getByRole("button", { name: "下一张" }).click();
    await expect.poll(() => indicator.textContent(), { timeout: 5000 }).toBe("3/5");
    await close(context);
  });

  it("R-UI-POPUP an h5 card opens a popup with its title and a 280×500 frame of its page", async () => {
    const { page, context } = await open(link("special"));
    await page.getByTestId("open-app-banner").waitFor();
    const h5 = cards.find((c) => c.content_type === "h5") as Card;
    await page.getByTestId("link-card").first().click();
    const popup = page.getByTestId("link-popup");
    await popup.waitFor();
    expect(await popup.getByRole("heading").textContent()).toBe(h5.title);
    const frame = popup.locator("iframe");
    expect(await frame.getAttribute("src")).toBe("/media/h5/metro-map.html");
    expect(await frame.getAttribute("title")).toBe(h5.title);
    const size = await frame.evaluate((f: HTMLIFrameElement) => [f.width, f.height, f.offsetWidth, f.offsetHeight]);
    expect(size.slice(0, 2)).toEqual(["280", "500"]);
    expect(size[2]).toBe(280);
    expect(size[3]).toBe(500);
    const framed = page.frameLocator("[data-testid=link-popup] iframe");
    expect(await framed.locator("h1").textContent()).toBe("江澜地铁线路速查");
    await page.keyboard.press("Escape");
    await expect.poll(() => popup.count()).toBe(0);
    await close(context);
  });

  it("R-CONTENT-9 special groups list their items; a collapse group opens folded and expands", async () => {
    const { page, context } = await open(link("special"));
    const groups = page.getByTestId("special-group");
    expect(await groups.count()).toBe(3);
    const folded = groups.nth(2);
    expect(await folded.locator(".card").count()).toBe(2);
    await page.getByTestId("open-app-banner").waitFor();
    const toggle = folded.getByRole("button", { name: /展开全部/ });
    expect(await toggle.getAttribute("aria-expanded")).toBe("false");
    await toggle.click();
    expect(await folded.locator(".card").count()).toBe(5);
    const collapse = folded.getByRole("button", { name: "收起" });
    expect(await collapse.getAttribute("aria-expanded")).toBe("true");
    await collapse.click();
    expect(await folded.locator(".card").count()).toBe(2);
    // the special is also reachable at /special/{id}/index.html
    const special = cards.find((c) => c.content_type === "special") as Card;
    const short = await page.goto(`${origin}/davmu/share/special/${special.post_id}/index.html`);
    expect(short?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe(special.title);
    await close(context);
  });

  it("R-ROUTE-7 a local live shows the ImageScreen, LandscapeScreen or PortraitScreen its streams call for", async () => {
    const screens: Record<string, string> = {};
    for (const card of cards.filter((c) => c.content_type === "local_live")) {
      const { page, context } = await open(origin + card.content_link);
      screens[card.title] = (await page.locator("[data-screen]").getAttribute("data-screen")) ?? "";
      if (screens[card.title] !== "ImageScreen") {
        expect(await page.locator("video").count(), card.title).toBe(1);
      } else {
        expect(await page.locator(".live-timeline li").count(), card.title).toBeGreaterThan(0);
      }
      // R-LAYOUT-3: no header on a mobile live page, and no chat yet
      await page.waitForLoadState("networkidle");
      expect(await page.getByTestId("open-app-banner").count(), card.title).toBe(0);
      await close(context);
    }
    expect(screens).toEqual({
      "直播｜2026江澜马拉松全程直播": "LandscapeScreen",
      "竖屏慢直播｜银杏大道的午后": "PortraitScreen",
      "图文直播｜冬季农产品展销会现场": "ImageScreen",
    });
  });

  it("R-ROUTE-2 R-ROUTE-4 a wrong index segment is not found and an undecodable id goes to /404, for every type", async () => {
    for (const type of [
      "video",
      "svideo",
      "audio",
      "audio_album",
      "video_album",
      "gallery",
      "local_live",
      "mini_program",
      "special",
    ]) {
      const bad = await fetch(`${origin}/davmu/share/news/${type}/2026/11/notAnId/index.html`, { redirect: "manual" });
      expect(bad.status, type).toBe(302);
      expect(bad.headers.get("location"), type).toMatch(/\/davmu\/share\/404$/);
      const kind = (type === "gallery" ? "image" : type) as ItemType;
      const wrongIndex = await fetch(link(kind).replace(/index\.html$/, "index.htm"), { redirect: "manual" });
      expect(wrongIndex.status, type).toBe(404);
    }
  });

  it("R-CONTENT-1 withdrawn content (state 17 or 100) of every type redirects to /404", async () => {
    const types: [string, string][] = [
      ["video", "video"],
      ["svideo", "svideo"],
      ["audio", "audio"],
      ["audio_album", "audio_album"],
      ["video_album", "video_album"],
      ["image", "gallery"],
      ["local_live", "local_live"],
      ["mini_program", "mini_program"],
      ["special", "special"],
    ];
    const items = types.map(([contentType], i) => ({
      external_id: `e2e-withdrawn-${contentType}`,
      content_type: contentType,
      title: `已下线的${contentType}`,
      publish_at: "2026-11-01T00:00:00Z",
      state: i % 2 ? 17 : 100,
    }));
    const answer = await fetch(`${origin}/editor/v1/contents`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": editorApiKey },
      body: JSON.stringify(items),
    }).then((r) => r.json());
    expect(answer.code).toBe(0);
    for (const [i, [, routeType]] of types.entries()) {
      const postId = answer.data.items[i].post_id;
      const response = await fetch(`${origin}/davmu/share/news/${routeType}/2026/11/${postId}/index.html`, {
        redirect: "manual",
      });
      expect(response.status, routeType).toBe(302);
      expect(response.headers.get("location"), routeType).toMatch(/\/davmu\/share\/404$/);
    }
    const { page, context } = await open(
      `${origin}/davmu/share/news/video/2026/11/${answer.data.items[0].post_id}/index.html`,
    );
    expect(new URL(page.url()).pathname).toBe("/davmu/share/404");
    await close(context);
  });

  it.runIf(axePath !== null)(
    "R-WEB-A11Y every new page type has no axe violations (WCAG 2.1 AA)",
    async () => {
      const pages: [string, string][] = [
        ["video", link("video")],
        ["svideo", link("svideo")],
        ["audio", link("audio")],
        ["audio_album", link("audio_album")],
        ["video_album", link("video_album")],
        ["gallery", link("image")],
        ["mini_program", link("mini_program")],
        ["special", link("special")],
        ...cards
          .filter((c) => c.content_type === "local_live")
          .map((c): [string, string] => [`local_live ${c.title}`, origin + c.content_link]),
      ];
      for (const [name, url] of pages) {
        const { page, context } = await open(url);
        await page.waitForLoadState("networkidle");
        expect(await axeViolations(page), name).toEqual([]);
        await close(context);
      }
      // the link popup, open
      const { page, context } = await open(link("special"));
      await page.getByTestId("open-app-banner").waitFor();
      await page.getByTestId("link-card").first().click();
      await page.getByTestId("link-popup").waitFor();
      expect(await axeViolations(page), "link popup").toEqual([]);
      await close(context);
    },
    120_000,
  );
});
