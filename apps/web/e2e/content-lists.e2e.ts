import { describe, expect, it } from "vitest";
import { type Card, useContentPages } from "./content-pages.ts";
import { site } from "./setup/site.ts";

const origin = site.origin;
const editorApiKey = site.editorApiKey;

describe("every content type's share page on a phone in WeChat", () => {
  const { cards, link, open, close } = useContentPages();

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
    const h5 = cards().find((c) => c.content_type === "h5") as Card;
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
    // the group is an island woken by this tap: the tap is answered once it has hydrated
    await expect.poll(() => folded.locator(".card").count()).toBe(5);
    const collapse = folded.getByRole("button", { name: "收起" });
    expect(await collapse.getAttribute("aria-expanded")).toBe("true");
    await collapse.click();
    expect(await folded.locator(".card").count()).toBe(2);
    // the special is also reachable at /special/{id}/index.html
    const special = cards().find((c) => c.content_type === "special") as Card;
    const short = await page.goto(`${origin}/davmu/share/special/${special.post_id}/index.html`);
    expect(short?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe(special.title);
    await close(context);
  });
});
