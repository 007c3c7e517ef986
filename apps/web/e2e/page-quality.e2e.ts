import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { desktopContext, firstArticleLink, hydrated, phoneContext } from "@davmu/test-support/browser";
import { firstFlush, firstPacketHolds } from "@davmu/test-support/first-flush";
import { pageBytes } from "@davmu/test-support/page-bytes";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLegacyProblems } from "../../../scripts/legacy-syntax.ts";
import { bootFallbackMs, bootScript } from "../app/islands/PageScripts.tsx";
import { readerTab } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const clientAssets = fileURLToPath(new URL("../build/client/assets/", import.meta.url));
const webBuild = fileURLToPath(new URL("../build/", import.meta.url));

interface AxeViolation {
  id: string;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/** axe-core's WCAG 2.1 A and AA rules on the page as it stands, in every frame axe can reach. */
async function axeViolations(page: Page): Promise<string[]> {
  for (const frame of page.frames()) await frame.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown }> } }
    ).axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations as AxeViolation[];
  });
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`).join("; ")}`,
  );
}

describe("page quality", () => {
  let browser: Browser;
  let articleUrl: string;

  beforeAll(async () => {
    browser = await connectBrowser();
    const context = await phoneContext(browser);
    articleUrl = await firstArticleLink(await context.newPage(), origin);
    await context.close();
  });
  afterAll(() => browser?.close());

  const reader = readerTab(() => browser);
  /** The page at `url` in the reader's tab, once loaded: the banner is shown after load. */
  async function readerAt(url: string): Promise<Page> {
    const page = await reader();
    await page.goto(url);
    await page.getByTestId("open-app-banner").waitFor();
    return page;
  }

  it("R-WEB-A11Y the home page has no axe violations (WCAG 2.1 AA)", async () => {
    const page = await readerAt(`${origin}/davmu/share/`);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("R-WEB-A11Y the article page has no axe violations (WCAG 2.1 AA)", async () => {
    const page = await readerAt(articleUrl);
    expect(await axeViolations(page)).toEqual([]);
  });

  it("R-WEB-A11Y the article page with its navigation panel and open-app dialog open has no axe violations", async () => {
    const page = await readerAt(articleUrl);
    await page.getByRole("button", { name: "打开导航" }).click();
    await page.getByRole("navigation", { name: "栏目导航" }).waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "打开App" }).click();
    await page.getByRole("dialog").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("R-WEB-A11Y the 404 page has no axe violations (WCAG 2.1 AA)", async () => {
    const page = await readerAt(`${origin}/davmu/share/404`);
    await page.locator(".error-message").waitFor();
    expect(await axeViolations(page)).toEqual([]);
  });

  it("R-ROUTE-3 R-UI-BANNER a dead link's not-found page stands under the site's header: its 打开App opens the app's dialog, and the page fits the screen", async () => {
    const response = await fetch(`${origin}/davmu/share/no-such-column/index.html`);
    expect(response.status).toBe(404);
    const page = await readerAt(`${origin}/davmu/share/no-such-column/index.html`);
    expect(await page.locator(".error-message").textContent()).toBe("抱歉，您访问的页面找不到了");
    expect(await page.getByRole("link", { name: "返回首页" }).count()).toBe(1);
    // the header takes its room from the page's height: nothing to scroll
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBe(667);
    await page.getByTestId("open-app-banner").getByRole("button", { name: "打开App" }).click();
    await page.getByTestId("open-app-dialog").getByRole("button", { name: "立即前往" }).waitFor({ timeout: 8000 });
  });

  it("R-WEB-A11Y the desktop /pc wrapper has no axe violations (WCAG 2.1 AA)", async () => {
    const context = await desktopContext(browser);
    const page = await context.newPage();
    await page.goto(articleUrl);
    await page.frameLocator("iframe.pc-frame").locator("h1.article-title").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  });

  it("R-WEB-SSR with JavaScript off the article shows its title, lead, cover and body paragraphs", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(articleUrl);
    const title = page.locator("h1.article-title");
    expect(await title.isVisible()).toBe(true);
    expect((await title.textContent())?.length).toBeGreaterThan(4);
    const lead = page.locator(".article-summary");
    expect(await lead.isVisible()).toBe(true);
    expect((await lead.textContent())?.length).toBeGreaterThan(10);
    const cover = page.locator(".article-cover img");
    expect(await cover.isVisible()).toBe(true);
    await expect
      .poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const paragraphs = page.locator(".article-body p");
    expect(await paragraphs.count()).toBeGreaterThan(3);
    expect(await paragraphs.first().isVisible()).toBe(true);
    // styled without scripts: the stylesheet is in the page itself
    expect(await title.evaluate((h) => getComputedStyle(h).fontSize)).toBe("22px");
    await context.close();
  });

  it("R-WEB-SSR the first packet of an article holds its head, stylesheet, headline and lead in under 14,600 bytes", async () => {
    const path = new URL(articleUrl).pathname;
    for (const encoding of ["br", "gzip"] as const) {
      // a query of its own, so the page is rendered and streamed rather than served from the page cache
      const flush = await firstFlush(origin, `${path}?first-packet=${encoding}`, { encoding });
      expect(flush.status).toBe(200);
      expect(flush.encoding).toBe(encoding);
      expect(flush.bodyBytes).toBeLessThanOrEqual(14600);
      expect(firstPacketHolds(flush.html)).toEqual({ head: true, criticalCss: true, headline: true, lead: true });
    }
  });

  it("R-WEB-SSR R-WEB-ISLAND-3 an article, an island page, loads without React Router's client only the scripts its budget counts until a tap", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = new Map<string, string>();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("response", async (response) => {
      const url = new URL(response.url());
      if (url.pathname.endsWith(".js")) scripts.set(url.pathname, await response.text().catch(() => ""));
    });
    // the tracker's chunk, which the budget counts, comes as the page starts
    const trackerFetched = page.waitForResponse((r) => /\/assets\/tracker-[\w-]+\.js$/.test(r.url()), {
      timeout: 15_000,
    });
    await page.goto(articleUrl);
    await page.getByTestId("open-app-banner").waitFor();
    // the deferred lists streamed after the page, as server HTML
    expect(await page.getByTestId("hot-list").count()).toBe(1);
    const state = await page.evaluate(() => ({
      routerContext: "__reactRouterContext" in window,
      routerManifest: "__reactRouterManifest" in window,
      pageData: document.getElementById("page-data"),
      islandPage: document.getElementById("island-page")?.getAttribute("type"),
      modules: JSON.parse(document.getElementById("page-modules")?.textContent ?? "null"),
      moduleScripts: Array.from(document.querySelectorAll("script[type=module]")).map((s) => ({
        src: s.getAttribute("src"),
        text: s.textContent,
      })),
    }));
    // an island page (decisions 053, 056): no page data, the islands' JSON, the island loader as entry
    expect(state).toMatchObject({
      routerContext: false,
      routerManifest: false,
      pageData: null,
      islandPage: "application/json",
    });
    // one module script, the boot script, which loads the island loader after the first paint
    expect(state.moduleScripts).toEqual([{ src: null, text: bootScript }]);
    expect(state.modules.entry).toMatch(/\/assets\/islands-[\w-]+\.js$/);
    expect(scripts.has(state.modules.entry)).toBe(true);
    // no script of React Router's browser runtime (its route manifest, its hydration hand-off) is fetched
    expect([...scripts.keys()].filter((path) => /\/manifest-[\w-]+\.js$/.test(path))).toEqual([]);
    for (const [path, source] of scripts) {
      expect(source, path).not.toContain("__reactRouterContext");
      expect(source, path).not.toContain("__reactRouterRouteModules");
    }
    // what the page loaded before a tap is what packages/test-support/src/page-bytes.ts counts against the
    // island budget, the page's start-up and the tracker included (R-TRACK-4), plus the idle work
    await trackerFetched;
    await page.waitForTimeout(1000);
    const counted = (await pageBytes(webBuild)).find((p) => p.name === "article");
    expect(counted?.islands).toBe(true);
    const countedPaths = (counted?.js ?? []).map((f) => `/davmu/share/${f.file}`);
    expect(countedPaths.length).toBeGreaterThan(3);
    expect((counted?.tracker ?? []).map((f) => f.file)).toEqual([
      expect.stringMatching(/^assets\/tracker-[\w-]+\.js$/),
    ]);
    const loaded = [...scripts.keys()];
    expect(loaded).toEqual(expect.arrayContaining(countedPaths));
    const lazy = loaded.filter((path) => !countedPaths.includes(path)).map((path) => path.replace(/^.*\/assets\//, ""));
    // (in WeChat the JS-SDK's lazy part, wechat-sdk and open-app-report, asks whether this deployment signs)
    for (const file of lazy) expect(file).toMatch(/^(site-idle|wechat-sdk|open-app-report)-/);
    // interactive: the open-app button wakes its island, and the dialog, another island, opens
    await page.getByTestId("open-app-banner").getByRole("button", { name: "打开App" }).click();
    await page.getByRole("dialog").waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("R-SEC-XSS a page from the page cache runs every script its policy hashes, with none refused", async () => {
    const url = `${articleUrl}${articleUrl.includes("?") ? "&" : "?"}csp=cached`;
    for (const visit of ["miss", "hit"]) {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const refused: string[] = [];
      await page.exposeFunction("reportRefused", (what: string) => refused.push(what));
      await page.addInitScript(() => {
        document.addEventListener("securitypolicyviolation", (event) => {
          (window as unknown as { reportRefused(what: string): void }).reportRefused(
            `${event.violatedDirective} ${event.blockedURI} ${event.sample}`,
          );
        });
      });
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) refused.push(message.text());
      });
      const response = await page.goto(url);
      expect(response?.headers()["x-cache"]).toBe(visit);
      const policy = response?.headers()["content-security-policy"] ?? "";
      expect(policy.includes("'nonce-")).toBe(visit === "miss");
      await hydrated(page);
      // the deferred lists are read from their data block once the page runs
      expect(await page.getByTestId("hot-list").count()).toBe(1);
      expect(refused).toEqual([]);
      await context.close();
    }
  });

  it("R-UI-LOGIN the sheets' rules are in every page's stylesheet: the login popup, drawn hidden, shows laid out at once", async () => {
    const page = await readerAt(articleUrl);
    await hydrated(page);
    // every page draws the login popup hidden, for the page to show at a tap (decision 077)
    expect(await page.locator("#critical-css").textContent()).toContain(".sheet-mask");
    expect(await page.locator('.sheet-mask[hidden] [role="dialog"]').count()).toBe(1);
    await page.getByTestId("open-app-banner").getByRole("button", { name: "登录" }).click();
    const sheet = page.locator(".sheet-mask:not([hidden])");
    await sheet.waitFor();
    // laid out by its own rules: a shade over the whole screen, the sheet on it
    const shade = await sheet.evaluate((element) => {
      const style = getComputedStyle(element);
      return { position: style.position, zIndex: style.zIndex, width: element.getBoundingClientRect().width };
    });
    expect(shade).toEqual({ position: "fixed", zIndex: "60", width: 375 });
    // once the sheet has slid in, its text meets WCAG AA on its own surface
    await sheet.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
    expect(await axeViolations(page)).toEqual([]);
  });

  it("R-WEB-SSR an article's scripts are requested only once it has loaded and its first paint is shown", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(articleUrl);
    await hydrated(page);
    const order = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      const paint = performance.getEntriesByName("first-contentful-paint")[0];
      const scripts = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).filter((r) =>
        new URL(r.name).pathname.endsWith(".js"),
      );
      const cover = (performance.getEntriesByType("resource") as PerformanceResourceTiming[]).find((r) =>
        r.name.includes("/media/covers/"),
      );
      return {
        loaded: navigation.loadEventStart,
        painted: paint?.startTime ?? Number.NaN,
        coverDone: cover?.responseEnd ?? Number.NaN,
        firstScript: Math.min(...scripts.map((s) => s.startTime)),
        scripts: scripts.length,
      };
    });
    // an island page starts with the island loader and its shared chunk (decision 056)
    expect(order.scripts).toBeGreaterThanOrEqual(2);
    expect(order.loaded).toBeGreaterThan(0);
    expect(order.firstScript).toBeGreaterThanOrEqual(order.loaded);
    expect(order.firstScript).toBeGreaterThanOrEqual(order.painted);
    expect(order.firstScript).toBeGreaterThanOrEqual(order.coverDone);
    await context.close();
  });

  it("R-WEB-SSR a picture that never arrives holds the page's scripts back no more than 3 s", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // the article's cover hangs: the document's load event never comes while it is pending
    await page.route(/\/media\/covers\//, () => {});
    const started = Date.now();
    await page.goto(articleUrl, { waitUntil: "domcontentloaded" });
    await hydrated(page);
    const waited = Date.now() - started;
    expect(await page.evaluate(() => document.readyState)).not.toBe("complete");
    expect(waited).toBeGreaterThanOrEqual(bootFallbackMs - 500);
    expect(waited).toBeLessThan(bootFallbackMs + 10_000);
    await context.close();
  });

  it("R-SITE-10 a chunk that fails to load reloads the page once, and not again within the minute", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // the article (an island page) cannot load its start-up's chunk (a deployment replaced it)
    await page.route(/\/assets\/page-effects-[\w-]+\.js$/, (route) => route.abort());
    let loads = 0;
    page.on("load", () => {
      loads += 1;
    });
    await page.goto(articleUrl);
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2);
    await page.waitForLoadState("load");
    expect(await page.evaluate(() => sessionStorage.getItem("davmu:chunk-reload-at"))).toMatch(/^\d+$/);
    await page.waitForTimeout(1500);
    expect(loads).toBe(2);
    // the page stays readable as the server rendered it, never started: the banner stays hidden
    expect(await page.locator("h1").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("open-app-banner").isVisible()).toBe(false);
    await context.close();
  });

  it("R-WEB-LEGACY every shipped script runs in Chrome 78 / iOS 12: no newer syntax or missing built-in", () => {
    const scripts = readdirSync(clientAssets).filter((f) => f.endsWith(".js"));
    expect(scripts.length).toBeGreaterThan(3);
    const problems = scripts.flatMap((file) =>
      findLegacyProblems(readFileSync(join(clientAssets, file), "utf8")).map((p) => `${file}:${p.offset}: ${p.what}`),
    );
    expect(problems).toEqual([]);
  });
});
