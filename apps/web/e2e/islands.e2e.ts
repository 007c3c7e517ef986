/**
 * Islands (decision 053): an island page loads the island loader alone, and each island wakes under
 * its policy, not before. The agreement page is an island page with no island awake: no React at all.
 * The policies are driven on a media-account article (an island page, decision 056) whose follow
 * button's policy is rewritten on the way: inert and unloaded until its trigger, working after it.
 */
import { hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoArticles, popup } from "./accounts.ts";
import { beacons } from "./beacons.ts";
import { openAsleep, reactChunks, scriptsOf } from "./island-support.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const share = `${origin}/davmu/share/`;

/** The article at `url` (an island page), its follow button under `wake`, optionally below the fold. */
async function asIslandPage(page: Page, url: string, wake: string, spacer = false) {
  await page.route(url, async (route) => {
    const response = await route.fetch();
    let html = await response.text();
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
    browser = await connectBrowser();
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

  it("R-WEB-ISLAND-2 R-TRACK-2 the tracker's view of an article, an island page, arrives, with its page type", async () => {
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

  it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 interaction: the follow button loads nothing until tapped; the first tap of an anonymous visitor is answered by the page (login popup), the button sleeping on", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    await asIslandPage(page, mpArticle, "interaction");
    await page.locator("html[data-session]").waitFor({ state: "attached" });
    await page.waitForTimeout(500);
    expect(reactChunks(scripts)).toEqual([]);
    expect(await followIsland(page).getAttribute("data-awake")).toBeNull();
    // the page's static content is there and is not hydrated
    expect(await page.locator(".article-title").count()).toBe(1);
    await followIsland(page).locator("button.follow").tap();
    // 关注 asks an anonymous visitor to log in and does nothing else: the page asks at once, through
    // the login host, and the button's island is not needed (decision 072)
    await popup(page).getByRole("dialog").waitFor({ timeout: 8000 });
    expect(await followIsland(page).getAttribute("data-awake")).toBeNull();
    expect(scripts.some((s) => s.startsWith("FollowButton-"))).toBe(false);
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

  describe("the article, an island page (decision 056)", () => {
    let article: string;
    beforeAll(async () => {
      const found = (await demoArticles()).find((a) => !a.mp && a.open);
      if (!found) throw new Error("no open article of the newsroom's own in the demo data");
      article = found.url;
    });

    const island = (page: Page, name: string) => page.locator(`davmu-island[data-island="${name}"]`);

    it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 R-WEB-SSR it loads no React before a tap: headline, body and lists are server HTML, never hydrated", async () => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const scripts = scriptsOf(page);
      await page.goto(article);
      await hydrated(page);
      // the page's start-up shows the banner, without React
      await page.getByTestId("open-app-banner").waitFor();
      await page.waitForTimeout(1500);
      expect(reactChunks(scripts)).toEqual([]);
      expect(await page.locator("#page-data").count()).toBe(0);
      expect(await page.locator("#island-page").count()).toBe(1);
      expect(await page.locator("h1.article-title").count()).toBe(1);
      expect(await page.locator(".article-body p").count()).toBeGreaterThan(0);
      // the title and body are outside every island; the interactive parts are islands, asleep
      expect(await page.locator("davmu-island h1, davmu-island .article-body").count()).toBe(0);
      for (const name of ["open-app-banner", "comment-footer", "comment-list", "read-in-app", "open-app-dialog"]) {
        expect(await island(page, name).count(), name).toBe(1);
        expect(await island(page, name).getAttribute("data-awake"), name).toBeNull();
      }
      await context.close();
    });

    it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 R-UI-DIALOG the first tap on 打开App opens the dialog, answered by the page with the banner asleep; 立即前往 answers with the code the dialog fetched as it showed", async () => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const scripts = scriptsOf(page);
      await page.goto(article);
      await hydrated(page);
      const banner = page.getByTestId("open-app-banner");
      await banner.waitFor();
      expect(reactChunks(scripts)).toEqual([]);
      await banner.getByRole("button", { name: "打开App" }).tap();
      const dialog = page.getByTestId("open-app-dialog");
      await dialog.getByRole("button", { name: "立即前往" }).waitFor({ timeout: 8000 });
      // 打开App asks for the dialog and nothing else (decision 073): the banner was not needed
      expect(await island(page, "open-app-banner").getAttribute("data-awake")).toBeNull();
      // in WeChat, the guide 立即前往 may end in comes as the dialog shows
      await expect.poll(() => scripts.some((s) => s.startsWith("OpenAppGuide-")), { timeout: 8000 }).toBe(true);
      // closed, the banner still wakes at its first other use (the menu), and 打开App then asks through it
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden", timeout: 5000 });
      await banner.getByRole("button", { name: "打开导航" }).tap();
      await page.locator("#nav-panel").waitFor({ timeout: 8000 });
      expect(await island(page, "open-app-banner").getAttribute("data-awake")).toBe("");
      await banner.getByRole("button", { name: "关闭导航" }).tap();
      await banner.getByRole("button", { name: "打开App" }).tap();
      await dialog.getByRole("button", { name: "立即前往" }).waitFor({ timeout: 8000 });
      // in WeChat without its open tags, 立即前往 shows the guide to the browser, with no script to fetch
      const fetched = scripts.length;
      await dialog.getByRole("button", { name: "立即前往" }).click();
      await page.getByTestId("open-app-guide").waitFor({ timeout: 8000 });
      expect(scripts.slice(fetched)).toEqual([]);
      expect(await dialog.isVisible()).toBe(false);
      await context.close();
    });

    it("R-WEB-ISLAND-2 R-UI-FOOTER the first tap on 写评论 wakes the footer with the input focused; sending asks an anonymous visitor to log in", async () => {
      const { context, page } = await openAsleep(browser, article);
      await page.getByRole("textbox", { name: "写评论" }).tap();
      await page.locator('davmu-island[data-island="comment-footer"][data-awake]').waitFor({ state: "attached" });
      expect(await page.evaluate(() => document.activeElement?.className)).toBe("cf-input");
      // the list was not needed: it sleeps
      expect(await island(page, "comment-list").getAttribute("data-awake")).toBeNull();
      await page.keyboard.type("岛上的第一条评论");
      await page.getByRole("button", { name: "发送" }).click();
      await popup(page).getByRole("dialog").waitFor({ timeout: 8000 });
      await context.close();
    });

    it("R-WEB-ISLAND-2 R-UI-FOOTER text typed before the footer wakes is kept: 发送 tapped at once sends it (an anonymous visitor is asked to log in, not told the box is empty)", async () => {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      // the footer's chunk arrives late, as on a slow phone
      await page.route(/\/detail-islands-[\w-]+\.js$/, async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 800));
        await route.continue();
      });
      await page.goto(article);
      await hydrated(page);
      await page.locator(".cf-input").fill("醒来之前写下的评论");
      await page.getByRole("button", { name: "发送" }).click();
      await popup(page).getByRole("dialog").waitFor({ timeout: 8000 });
      expect(await page.locator(".cf-input").inputValue()).toBe("醒来之前写下的评论");
      await context.close();
    });

    it("R-SITE-13 R-WEB-ISLAND-2 the nav panel's dark switch shows the visitor's saved choice, and flips it at the first tap", async () => {
      const context = await phoneContext(browser);
      await context.addCookies([{ name: "davmu_theme", value: "dark", url: origin }]);
      const page = await context.newPage();
      await page.goto(article);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
      await page.getByRole("button", { name: "打开导航" }).click();
      const toggle = page.getByTestId("dark-switch");
      await toggle.waitFor();
      expect(await toggle.getAttribute("aria-checked")).toBe("true");
      await toggle.click();
      expect(await toggle.getAttribute("aria-checked")).toBe("false");
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("light");
      await context.close();
    });

    /**
     * The article on a phone, idle with every island asleep, whose requests for the hydration module's
     * chunk are held back until `release` is called: a slow network. No service worker, which would
     * answer the requests itself.
     */
    async function openHeld(url: string) {
      const context = await phoneContext(browser, { serviceWorkers: "block" });
      const page = await context.newPage();
      const scripts = scriptsOf(page);
      await page.goto(url);
      await hydrated(page);
      await page.locator("html[data-session]").waitFor({ state: "attached" });
      expect(reactChunks(scripts)).toEqual([]);
      const release = await holdHydration(page);
      return { context, page, release };
    }

    /** Holds back every request for the hydration module's chunk until `release` is called. */
    async function holdHydration(page: Page) {
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      await page.route(/\/assets\/hydrate-[\w-]{8}\.js$/, async (route) => {
        await released;
        await route.continue();
      });
      return release;
    }

    it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 R-LOGIN-1 收藏 shows the login popup its host drew, while the host's code is still on its way; what is typed meanwhile is kept (decision 077)", async () => {
      const { context, page, release } = await openHeld(article);
      const collect = page.getByTestId("comment-footer").getByRole("button", { name: /收藏/ });
      await collect.tap();
      // shown by the page, focus in its phone field, the host asleep
      const shown = popup(page);
      await shown.getByRole("dialog").waitFor({ timeout: 2000 });
      expect(await island(page, "login-host").getAttribute("data-awake")).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("手机号");
      await page.keyboard.type("13800138000");
      // the host wakes and takes the popup over, with the number typed
      release();
      await page.locator('davmu-island[data-island="login-host"][data-awake]').waitFor({ state: "attached" });
      await expect.poll(() => shown.getByLabel("手机号").inputValue()).toMatch(/^138\s?0013\s?8000$/);
      expect(await shown.getByRole("button", { name: "获取验证码" }).isEnabled()).toBe(true);
      // closed, focus goes back to 收藏, and the next popup starts empty
      await page.keyboard.press("Escape");
      await expect.poll(() => popup(page).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.closest("button")?.getAttribute("aria-label"))).toMatch(
        /收藏/,
      );
      await collect.tap();
      await popup(page).getByRole("dialog").waitFor();
      expect(await popup(page).getByLabel("手机号").inputValue()).toBe("");
      await context.close();
    });

    it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 R-UI-DIALOG 打开App shows the open-app dialog its host drew, while the host's code is on its way; 再考虑下 tapped meanwhile closes it once it wakes (decision 077)", async () => {
      const { context, page, release } = await openHeld(article);
      await page.getByTestId("open-app-banner").getByRole("button", { name: "打开App" }).tap();
      const dialog = page.getByRole("dialog", { name: /打开江澜新闻/ });
      await dialog.getByRole("button", { name: "立即前往" }).waitFor({ timeout: 2000 });
      expect(await island(page, "open-app-dialog").getAttribute("data-awake")).toBeNull();
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("再考虑下");
      await dialog.getByRole("button", { name: "再考虑下" }).tap();
      expect(await dialog.isVisible()).toBe(true);
      release();
      await dialog.waitFor({ state: "hidden", timeout: 8000 });
      expect(await island(page, "open-app-dialog").getAttribute("data-awake")).toBe("");
      await context.close();
    });

    it("R-WEB-A11Y R-WEB-ISLAND-2 the login popup the page showed keeps Tab and Shift+Tab inside while its host sleeps; Escape then closes it, and the host, woken, leaves it closed (decision 077)", async () => {
      const { context, page, release } = await openHeld(article);
      const collect = page.getByTestId("comment-footer").getByRole("button", { name: /收藏/ });
      await collect.tap();
      await popup(page).getByRole("dialog").waitFor({ timeout: 2000 });
      const inside = () =>
        page.evaluate(() => {
          const active = document.activeElement;
          return !!active?.closest('[data-testid="login-popup"] [role="dialog"]');
        });
      // more presses than the popup has controls: each one wraps inside it
      for (const key of ["Tab", "Shift+Tab"]) {
        for (let i = 0; i < 10; i++) {
          await page.keyboard.press(key);
          expect(await inside()).toBe(true);
        }
      }
      expect(await island(page, "login-host").getAttribute("data-awake")).toBeNull();
      await page.keyboard.press("Escape");
      expect(await popup(page).count()).toBe(0);
      expect(await page.evaluate(() => document.activeElement?.closest("button")?.getAttribute("aria-label"))).toMatch(
        /收藏/,
      );
      // the host wakes at the request and takes the popup over closed, answering it: the popup it drew
      // is replaced by a fresh one for the next request, and none shows
      const drawn = await page.evaluateHandle(() => document.querySelector('[data-testid="login-popup"]'));
      release();
      await page.locator('davmu-island[data-island="login-host"][data-awake]').waitFor({ state: "attached" });
      await page.waitForFunction(
        (old) => {
          const now = document.querySelector('[data-testid="login-popup"]');
          return now !== null && now !== old;
        },
        drawn,
        { timeout: 8000 },
      );
      expect(await popup(page).count()).toBe(0);
      // the next tap asks again, and the awake host keeps the keyboard inside too
      await collect.tap();
      await popup(page).getByRole("dialog").waitFor();
      for (let i = 0; i < 10; i++) {
        await page.keyboard.press("Tab");
        expect(await inside()).toBe(true);
      }
      await context.close();
    });

    it("R-WEB-A11Y R-UI-DIALOG the open-app dialog keeps Tab inside while its host sleeps and once it is awake; Escape closes it and focus goes back to 打开App", async () => {
      const { context, page, release } = await openHeld(article);
      const openApp = page.getByTestId("open-app-banner").getByRole("button", { name: "打开App" });
      await openApp.tap();
      const dialog = page.getByRole("dialog", { name: /打开江澜新闻/ });
      await dialog.getByRole("button", { name: "立即前往" }).waitFor({ timeout: 2000 });
      const inside = () => page.evaluate(() => !!document.activeElement?.closest('[data-testid="open-app-dialog"]'));
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Tab");
        expect(await inside()).toBe(true);
      }
      release();
      await page.locator('davmu-island[data-island="open-app-dialog"][data-awake]').waitFor({ state: "attached" });
      expect(await dialog.isVisible()).toBe(true);
      for (let i = 0; i < 4; i++) {
        await page.keyboard.press("Shift+Tab");
        expect(await inside()).toBe(true);
      }
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden", timeout: 2000 });
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("打开App");
      await context.close();
    });

    it("R-WEB-ISLAND-2 R-WEB-ISLAND-3 R-CONTENT-3 the first tap on 收藏 is answered: an anonymous visitor is asked to log in by the page, the footer sleeping on", async () => {
      const { context, page } = await openAsleep(browser, article);
      const reads: string[] = [];
      page.on("request", (request) => {
        // the API's answers, not the scripts (the comments' texts are a chunk named for them)
        const call = ["fetch", "xhr"].includes(request.resourceType());
        if (call && /\/comments?\b|\/comment\?|page=1/.test(request.url())) reads.push(request.url());
      });
      // the page knows the visitor is anonymous once it has started (page-effects.ts)
      await page.locator("html[data-session]").waitFor({ state: "attached" });
      await page.getByTestId("comment-footer").getByRole("button", { name: /收藏/ }).tap();
      await popup(page).getByRole("dialog").waitFor({ timeout: 8000 });
      // 收藏 asks for the login and nothing else: the footer was not needed, nor page 1 of the comments
      expect(await island(page, "comment-footer").getAttribute("data-awake")).toBeNull();
      expect(reads).toEqual([]);
      // closed, the footer still wakes at its first other use, and 收藏 asks again through it
      await popup(page).getByRole("dialog").getByRole("button", { name: "关闭" }).click();
      await popup(page).getByRole("dialog").waitFor({ state: "detached" });
      await page.getByRole("textbox", { name: "写评论" }).tap();
      await page.locator('davmu-island[data-island="comment-footer"][data-awake]').waitFor({ state: "attached" });
      await page.getByTestId("comment-footer").getByRole("button", { name: /收藏/ }).tap();
      await popup(page).getByRole("dialog").waitFor({ timeout: 8000 });
      expect(reads).toEqual([]);
      await context.close();
    });
  });
});
