import { phoneContext } from "@davmu/test-support/browser";
import { describe, expect, it } from "vitest";
import { axePath, axeViolations, type Card, type ItemType, useContentPages } from "./content-pages.ts";
import { site } from "./setup/site.ts";

const origin = site.origin;
const editorApiKey = site.editorApiKey;

describe("every content type's share page on a phone in WeChat", () => {
  const { browser, cards, link, open, close, visitEach } = useContentPages();

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
    const media = new Map(expectations);
    await visitEach(
      expectations.map(([type]) => [type, link(type)] as const),
      async (page, type, response) => {
        expect(response?.status(), type).toBe(200);
        const card = cards().find((c) => c.content_type === type) as Card;
        expect(await page.locator("h1").first().textContent(), type).toBe(card.title);
        expect(await page.locator(media.get(type as ItemType) as string).count(), type).toBeGreaterThan(0);
      },
      { javaScriptEnabled: false },
    );
  });

  it("R-LAYOUT-3 gallery, audio album, svideo, special and local live have no lists below; only the gallery keeps the footer", async () => {
    const types = ["image", "audio_album", "svideo", "special", "local_live"] as const;
    await visitEach(
      types.map((type) => [type, link(type)] as const),
      async (page, type) => {
        await page.waitForLoadState("networkidle");
        expect(await page.getByTestId("related-list").count(), type).toBe(0);
        expect(await page.getByTestId("hot-list").count(), type).toBe(0);
        expect(await page.getByTestId("comment-footer").count(), type).toBe(type === "image" ? 1 : 0);
      },
    );
  });

  it("R-LAYOUT-3 in the mini program the header gives way to the router control", async () => {
    const context = await phoneContext(browser());
    await context.addInitScript(() => {
      (window as unknown as { __wxjs_environment: string }).__wxjs_environment = "miniprogram";
    });
    const page = await context.newPage();
    await page.goto(link("video"));
    // the server draws both for a browser; the page marks itself once WeChat's bridge says where it is
    await page.getByTestId("router-control").waitFor();
    expect(await page.getByTestId("open-app-banner").isVisible()).toBe(false);
    await context.close();
  });

  it("R-LAYOUT-3 R-FIELD-1 a mini program that says so in its user agent gets its layout from the server, before any script", async () => {
    // a real mini program web-view (the user-agent corpus's WeChat 8 on Android)
    const userAgent =
      "Mozilla/5.0 (Linux; Android 9; MI 6 Build/PKQ1.190118.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/3263 MMWEBSDK/201201 Mobile Safari/537.36 MMWEBID/7685 MicroMessenger/8.0.1.1840(0x2800013B) Process/appbrand0 WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram";
    const context = await phoneContext(browser(), { javaScriptEnabled: false, userAgent });
    const page = await context.newPage();
    await page.goto(link("video"));
    expect(await page.locator("html").getAttribute("data-mini-program")).toBe("");
    expect(await page.getByTestId("router-control").isVisible()).toBe(true);
    expect(await page.locator(".banner-spacer").isVisible()).toBe(false);
    await context.close();
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
        ...cards()
          .filter((c) => c.content_type === "local_live")
          .map((c): [string, string] => [`local_live ${c.title}`, origin + c.content_link]),
      ];
      await visitEach(pages, async (page, name) => {
        await page.waitForLoadState("networkidle");
        expect(await axeViolations(page), name).toEqual([]);
      });
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
