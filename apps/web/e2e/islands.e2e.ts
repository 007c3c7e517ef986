/**
 * Islands (decision 053): an island page loads the island loader alone, and each island wakes under
 * its policy, not before. The agreement page is an island page with no island awake: no React at all.
 * The policies are driven on a media-account article handed to the browser as an island page (its
 * page-router hand-off swapped for the island loader's, as the server writes it for an island page),
 * whose follow button is an island: inert and unloaded until its trigger, working after it.
 */
import { readdirSync } from "node:fs";
import { hydrated, launchBrowser, phoneContext } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { islandPageFrom } from "../app/islands/page.ts";
import { jsonForScript, type PageData } from "../app/lib/page-router/page-data.ts";
import { demoArticles, popup } from "./accounts.ts";
import { site } from "./setup/site.ts";

const origin = site.origin;
const share = `${origin}/davmu/share/`;
const assets = new URL("../build/client/assets/", import.meta.url).pathname;
const islandsChunk = readdirSync(assets).find((f) => /^islands-[\w-]{8}\.js$/.test(f));

/** The scripts a page requested, by file name. */
function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") seen.push(new URL(request.url()).pathname.replace(/^.*\//, ""));
  });
  return seen;
}

const reactChunks = (scripts: string[]) =>
  scripts.filter((s) => /^(vendor|hydrate|FollowButton|entry\.client)-/.test(s));

/** The article at `url` as the server writes an island page, its follow button under `wake`. */
async function asIslandPage(page: Page, url: string, wake: string, spacer = false) {
  if (!islandsChunk) throw new Error("no island loader chunk in the build");
  await page.route(url, async (route) => {
    const response = await route.fetch();
    let html = await response.text();
    const dataMatch = /<script type="application\/json" id="page-data"[^>]*>([\s\S]*?)<\/script>/.exec(html);
    const data = JSON.parse(dataMatch?.[1] ?? "null") as PageData;
    const island = islandPageFrom(data.loaderData.root);
    html = html.replace(
      dataMatch?.[0] ?? "",
      `<script type="application/json" id="island-page">${jsonForScript(island)}</script>`,
    );
    html = html.replace(
      /(<script type="application\/json" id="page-modules"[^>]*>)[\s\S]*?(<\/script>)/,
      `$1${jsonForScript({ entry: `/davmu/share/assets/${islandsChunk}`, preload: [] })}$2`,
    );
    html = html.replace(
      'data-island="follow-button" data-wake="interaction"',
      `data-island="follow-button" data-wake="${wake}"`,
    );
    if (spacer) html = html.replace('<main class="article-page', `${"<br>".repeat(150)}<main class="article-page`);
    const headers = { ...response.headers() };
    delete headers["content-encoding"];
    delete headers["content-length"];
    await route.fulfill({ status: 200, headers, body: html });
  });
  await page.goto(url);
  await hydrated(page);
}

const followIsland = (page: Page) => page.locator('davmu-island[data-island="follow-button"]');

/** Every event the page hands to /tracker/log by fetch or sendBeacon, read on the way (tracking.e2e.ts). */
async function beacons(
  page: Page,
): Promise<() => Promise<Array<{ behavior: string; tid: string; page_type?: string }>>> {
  await page.addInitScript(() => {
    const sent: unknown[] = [];
    (window as unknown as { __beacons: unknown[] }).__beacons = sent;
    const record = (text: string) => {
      const body = JSON.parse(text) as unknown;
      sent.push(...(Array.isArray(body) ? body : [body]));
    };
    const original = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      if (String(url).endsWith("/tracker/log") && data instanceof Blob) void data.text().then(record);
      return original(url, data);
    };
    const nativeFetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      const url = input instanceof Request ? input.url : String(input);
      if (url.endsWith("/tracker/log") && typeof init?.body === "string") record(init.body);
      return nativeFetch(input, init);
    };
  });
  return () => page.evaluate(() => (window as unknown as { __beacons: [] }).__beacons ?? []);
}

describe("islands on a phone in WeChat", () => {
  let browser: Browser;
  let mpArticle: string;

  beforeAll(async () => {
    browser = await launchBrowser();
    const found = (await demoArticles()).find((a) => a.mp);
    if (!found) throw new Error("no media-account article in the demo data");
    mpArticle = found.url;
  });
  afterAll(() => browser?.close());

  it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 an island page with no island awake loads the island loader alone, no React", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await page.goto(`${share}agreement/privacy`);
    await hydrated(page);
    await page.waitForTimeout(1500);
    expect(await page.locator("h1").textContent()).toBe("江澜新闻隐私政策");
    expect(await page.locator("#page-data").count()).toBe(0);
    expect(await page.locator("#island-page").count()).toBe(1);
    expect(scripts.some((s) => s.startsWith("islands-"))).toBe(true);
    expect(reactChunks(scripts)).toEqual([]);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-TRACK-4 R-WEB-OFFLINE an island page starts as every page does, without React: tracker, service worker, anonymous token, session", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    const calls: string[] = [];
    page.on("request", (request) => calls.push(new URL(request.url()).pathname));
    await page.goto(`${share}agreement/privacy`);
    await hydrated(page);
    // the tracker runs (its chunk fetched as the page starts)
    await page.locator("html[data-tracking]").waitFor({ state: "attached" });
    expect(scripts.some((s) => s.startsWith("tracker-"))).toBe(true);
    // the service worker registers once idle and takes the page
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))).toBe(share);
    // an anonymous token, then the app info (its theme)
    await expect.poll(() => calls.filter((c) => c.endsWith("/peony/v1/auth")).length).toBe(1);
    await expect.poll(() => calls.includes("/peony/v1/app/info")).toBe(true);
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    expect(reactChunks(scripts)).toEqual([]);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-TRACK-2 the tracker's view of an article handed over as an island page arrives, with its page type", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const sent = await beacons(page);
    const scripts = scriptsOf(page);
    await asIslandPage(page, mpArticle, "interaction");
    await expect.poll(async () => (await sent()).filter((e) => e.behavior === "view").length).toBe(1);
    const view = (await sent()).find((e) => e.behavior === "view");
    expect(view).toMatchObject({ tid: new URL(mpArticle).pathname.split("/").at(-2), page_type: "docDetailspage" });
    expect(reactChunks(scripts)).toEqual([]);
    await context.close();
  });

  it("R-SITE-6 R-WEB-ISLAND-2 an island page seen at a desktop's width is sent to /pc by the page itself", async () => {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      userAgent:
        "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44",
    });
    const page = await context.newPage();
    await page.goto(`${share}agreement/privacy`);
    await page.waitForURL(/\/davmu\/share\/pc\?url=/);
    expect(new URL(page.url()).searchParams.get("url")).toBe("/agreement/privacy");
    await context.close();
  });

  it("R-WEB-ISLAND-2 interaction: the follow button loads nothing until tapped; the first tap is answered (login popup)", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await asIslandPage(page, mpArticle, "interaction");
    await page.waitForTimeout(1500);
    expect(reactChunks(scripts)).toEqual([]);
    expect(await followIsland(page).getAttribute("data-awake")).toBeNull();
    // the page's static content is there and is not hydrated
    expect(await page.locator(".article-title").count()).toBe(1);
    await followIsland(page).locator("button.follow").click();
    // the held tap reached the island once hydrated: an anonymous visitor is asked to log in, by the
    // login host, another island woken through the shared store
    await popup(page).getByRole("dialog").waitFor({ timeout: 8000 });
    expect(await followIsland(page).getAttribute("data-awake")).toBe("");
    expect(scripts.some((s) => s.startsWith("FollowButton-"))).toBe(true);
    await context.close();
  });

  it("R-WEB-ISLAND-2 idle: the follow button hydrates once the page is idle, with no interaction", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await asIslandPage(page, mpArticle, "idle");
    await page.locator('davmu-island[data-island="follow-button"][data-awake]').waitFor({ state: "attached" });
    expect(scripts.some((s) => s.startsWith("FollowButton-"))).toBe(true);
    await followIsland(page).locator("button.follow").click();
    await popup(page).getByRole("dialog").waitFor({ timeout: 8000 });
    await context.close();
  });

  it("R-WEB-ISLAND-2 visible: the follow button sleeps below the fold and hydrates once scrolled into view", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await asIslandPage(page, mpArticle, "visible", true);
    await page.waitForTimeout(1500);
    expect(reactChunks(scripts)).toEqual([]);
    expect(await followIsland(page).getAttribute("data-awake")).toBeNull();
    await followIsland(page).locator("button.follow").scrollIntoViewIfNeeded();
    await page.locator('davmu-island[data-island="follow-button"][data-awake]').waitFor({ state: "attached" });
    expect(scripts.some((s) => s.startsWith("FollowButton-"))).toBe(true);
    await context.close();
  });
});
