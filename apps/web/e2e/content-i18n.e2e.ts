import { demoCards, phoneContext } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

/** The first demo item of each type. */
async function demoLinks(): Promise<Map<string, string>> {
  const links = new Map<string, string>();
  for (const card of await demoCards(origin)) {
    if (!links.has(card.content_type)) links.set(card.content_type, origin + card.content_link);
  }
  return links;
}

/** Han characters in a text: UI strings must have none on English pages (content may). */
const han = /[\u4e00-\u9fff]/;

describe("content pages in English (i18n_redirected=en)", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let links: Map<string, string>;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await connectBrowser();
    context = await phoneContext(browser);
    await context.addCookies([{ name: "i18n_redirected", value: "en", url: origin }]);
    page = await context.newPage();
    // a hydration mismatch between the English server HTML and the client is reported as an error
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    links = await demoLinks();
  });
  afterAll(() => browser?.close());

  /** A demo page of a type, once hydrated (the banner appears after load; live pages have none). */
  async function open(type: string, withBanner = true): Promise<void> {
    const link = links.get(type);
    if (!link) throw new Error(`no demo item of type ${type}`);
    await page.goto(link);
    if (withBanner) await page.getByTestId("open-app-banner").waitFor();
  }

  it("R-WEB-I18N an album page names its kind, status, plays and episodes in English", async () => {
    await open("video_album");
    expect(await page.locator(".album-kind").textContent()).toBe("Video album");
    expect(await page.getByTestId("album-status").textContent()).toMatch(
      /^Video album(Updating|Updated to episode \d+|Complete, \d+ episodes)$/,
    );
    expect(await page.locator(".album-source").textContent()).toMatch(/ · [\d.]+[KMB]? plays$/);
    expect(await page.locator("#album-tracks-title").textContent()).toMatch(/^Episodes \d+ in all$/);
  });

  it("R-WEB-I18N a gallery's controls and positions are in English", async () => {
    await open("image");
    expect(await page.getByRole("button", { name: "Next image" }).count()).toBe(1);
    expect(await page.locator(".gallery-slide").first().getAttribute("aria-label")).toMatch(/^Image 1 of \d+$/);
    await page.getByRole("button", { name: "Next image" }).click();
    await expect.poll(() => page.locator(".gallery-indicator").textContent()).toMatch(/^2\/\d+$/);
  });

  it("R-WEB-I18N R-UI-TAG cards under a detail carry English tags, dates and counts", async () => {
    await open("video");
    const related = page.getByTestId("hot-list");
    await related.waitFor();
    const metas = await page.locator(".card-meta").allTextContents();
    expect(metas.length).toBeGreaterThan(0);
    for (const meta of metas) {
      // source names are content; the time, the reads and the tag are UI
      expect(meta).toMatch(/(ago|yesterday \d\d:\d\d|[A-Z][a-z]{2} \d{1,2}(, \d{4})?|just now)[\d.]+[KMB]? reads$/);
    }
    const tags = await page.locator(".card .type-tag").allTextContents();
    for (const tag of tags) expect(tag).not.toMatch(han);
    expect(await page.locator("#hot-title").textContent()).toBe("Trending (72 h)");
  });

  it("R-WEB-I18N live and mini-program pages speak English, and English pages hydrate without errors", async () => {
    await open("local_live", false);
    const openApp = page.locator(".live-open-app");
    expect(await openApp.textContent()).toBe("Open the app to join the live");
    // hydrated: the button opens the open-app dialog, in English
    await openApp.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain("Not now");
    expect(await page.locator(".live-badge").first().textContent()).toMatch(/^(Live|Upcoming|Ended|Replay)$/);
    await open("mini_program");
    expect(await page.locator(".mini-hint").textContent()).toMatch(/^Open the “.+” mini program to view this$/);
    expect(errors).toEqual([]);
  });
});
