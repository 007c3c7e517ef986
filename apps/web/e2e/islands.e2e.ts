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
