import { desktopContext, firstArticleLink, hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, Frame, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./accounts.ts";
import { readerTab } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

describe("an article share link on a phone in WeChat", () => {
  let browser: Browser;
  let articleUrl: string;
  let articleTitle: string;
  /** the tab the tests that only look go on in; tests of a first visit (its token, its storage) open their own */
  const reader = readerTab(() => browser);

  beforeAll(async () => {
    browser = await connectBrowser();
    const page = await reader();
    articleUrl = await firstArticleLink(page, origin);
    articleTitle = (await page.locator('.card-link[href*="/doc/"] .card-title').first().textContent()) ?? "";
  });
  afterAll(() => browser?.close());

  it("R-SITE-1 /davmu/share redirects to /davmu/share/, keeping the query", async () => {
    const response = await fetch(`${origin}/davmu/share?group=city`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(response.headers.get("location")).toBe("/davmu/share/?group=city");
  });

  it("R-SITE-1 the article link lives under /davmu/share/ in the spec's route shape", () => {
    expect(articleUrl).toMatch(/\/davmu\/share\/(news|mp)\/doc\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html$/);
  });

  it("R-WEB-SSR at 375×667 the visitor sees the article's title, source, time, views, cover and body", async () => {
    const page = await reader();
    const response = await page.goto(articleUrl);
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.locator("h1.article-title").textContent()).toBe(articleTitle);
    expect(await page.locator(".article-source").textContent()).not.toBe("");
    expect(await page.locator(".article-meta time").textContent()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
    expect(await page.locator(".article-views").textContent()).toMatch(/^\d+(\.\d)?万?$/);
    const cover = page.locator(".article-cover img");
    await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(750);
    expect((await page.locator(".article-body p").count()) > 3).toBe(true);
  });

  it("R-WEB-SSR the article reads with JavaScript off", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(articleUrl);
    expect(await page.locator("h1.article-title").textContent()).toBe(articleTitle);
    expect((await page.locator(".article-body").textContent())?.length ?? 0).toBeGreaterThan(300);
    await context.close();
  });

  it("R-SITE-2 the head title is 客户端分享 with keywords and description", async () => {
    const page = await reader();
    await page.goto(articleUrl);
    expect(await page.title()).toBe("客户端分享");
    expect(await page.locator('meta[name="keywords"]').getAttribute("content")).toContain("新闻");
    expect(await page.locator('meta[name="description"]').getAttribute("content")).not.toBe("");
  });

  it("R-UI-BANNER R-UI-NAVPANEL once loaded, the banner shows logo, site name, description, login, open-app and a menu listing the groups", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(articleUrl);
    const banner = page.getByTestId("open-app-banner");
    await banner.waitFor();
    expect(await banner.locator(".banner-name").textContent()).toBe("江澜新闻");
    expect(await banner.locator(".banner-desc").textContent()).toBe("打开江澜新闻App，阅读更多本地好新闻");
    expect(await banner.locator(".banner-logo").getAttribute("src")).toBe("/media/logo.png");
    await banner.getByRole("button", { name: "登录" }).waitFor();
    await banner.getByRole("button", { name: "打开导航" }).click();
    // the panel is fetched on first use
    await page.getByRole("navigation", { name: "栏目导航" }).waitFor();
    expect(await page.getByRole("navigation", { name: "栏目导航" }).getByRole("link").allTextContents()).toContain(
      "推荐",
    );
    await context.close();
  });

  it("R-UI-BANNER the banner is not shown on preview links", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${articleUrl}?preview=1`);
    await page.locator("h1.article-title").waitFor();
    await page.waitForFunction(() => document.documentElement.style.getPropertyValue("--theme") !== "");
    expect(await page.getByTestId("open-app-banner").count()).toBe(0);
    await context.close();
  });

  it("R-UI-DIALOG the open-app button opens 打开{site}，体验更多内容 with 立即前往 and 再考虑下", async () => {
    const page = await reader();
    await page.goto(articleUrl);
    await page.getByTestId("open-app-banner").getByRole("button", { name: "打开App" }).click();
    const dialog = page.getByRole("dialog");
    expect(await dialog.locator("#open-app-text").textContent()).toBe("打开江澜新闻，体验更多内容");
    await dialog.getByRole("button", { name: "立即前往" }).waitFor();
    // the page shows the dialog its host drew (decision 077); a tap on it is answered once the host is awake
    await dialog.getByRole("button", { name: "再考虑下" }).click();
    await expect.poll(() => page.getByRole("dialog").count(), { timeout: 8000 }).toBe(0);
  });

  it("R-UI-DIALOG in a mini program the header and confirm are hidden and cancel reads 关闭弹窗", async () => {
    const context = await phoneContext(browser);
    await context.addInitScript(() => {
      (window as Window & { __wxjs_environment?: string }).__wxjs_environment = "miniprogram";
    });
    const page = await context.newPage();
    await page.goto(articleUrl);
    await hydrated(page);
    await page.locator(".read-in-app").click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "关闭弹窗" }).waitFor();
    expect(await dialog.getByRole("button", { name: "立即前往" }).count()).toBe(0);
    expect(await dialog.locator(".dialog-header").count()).toBe(0);
    await context.close();
  });

  it("R-SITE-5 the browser gets an anonymous token first, then the app info, and applies the theme colour", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const calls: string[] = [];
    page.on("request", (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path === "/peony/v1/auth" || path === "/peony/v1/app/info") calls.push(path);
    });
    await page.goto(articleUrl);
    await expect.poll(() => calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.slice(0, 2)).toEqual(["/peony/v1/auth", "/peony/v1/app/info"]);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--theme").trim()),
    ).toBe("#FF4A26");
    await context.close();
  });

  it("R-SITE-4 the site config is read again once, 500 ms after mount", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const reads: number[] = [];
    page.on("request", (request: Request) => {
      if (new URL(request.url()).pathname === "/inner/static/data") reads.push(Date.now());
    });
    const started = Date.now();
    await page.goto(articleUrl);
    await page.getByTestId("open-app-banner").waitFor();
    await expect.poll(() => reads.length, { timeout: 5000 }).toBe(1);
    await page.waitForTimeout(1000);
    expect(reads).toHaveLength(1);
    expect((reads[0] as number) - started).toBeGreaterThanOrEqual(500);
    await context.close();
  });

  it("R-ENT-LOCAL after load the visitor's local values are stored", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(articleUrl);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem("ANONYMOUS_TOKEN")))
      .toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await page.evaluate(() => ({
      anonymousId: localStorage.getItem("ANONYMOUS_ID"),
      deviceId: localStorage.getItem("DEVICE_ID_AUTH"),
      meta: JSON.parse(localStorage.getItem("DEVICE_META") ?? "null"),
    }));
    expect(stored.anonymousId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.deviceId).toMatch(/^[0-9a-f-]{36}$/);
    expect(stored.meta).toMatchObject({ device_type: "Android", device_os: "Android 12" });
    await context.close();
  });
});

describe("bad share links", () => {
  let browser: Browser;
  let articleUrl: string;
  /** one reader's tab, from bad link to bad link */
  const reader = readerTab(() => browser);
  beforeAll(async () => {
    browser = await connectBrowser();
    articleUrl = await firstArticleLink(await reader(), origin);
  });
  afterAll(() => browser?.close());

  it("R-ROUTE-4 an id that does not decode redirects to /404 with a way home", async () => {
    const page = await reader();
    await page.goto(`${origin}/davmu/share/news/doc/2026/11/not-an-id/index.html`);
    expect(new URL(page.url()).pathname).toBe("/davmu/share/404");
    expect(await page.locator(".error-message").textContent()).toBe("抱歉，您访问的页面找不到了");
    await page.getByRole("link", { name: "返回首页" }).click();
    await page.locator(".card-list").waitFor();
    expect(new URL(page.url()).pathname).toBe("/davmu/share/");
  });

  it("R-ROUTE-2 a detail page whose last segment is not index.html is not found", async () => {
    const page = await reader();
    const response = await page.goto(articleUrl.replace(/index\.html$/, "detail.html"));
    expect(response?.status()).toBe(404);
    expect(await page.locator(".error-code").textContent()).toBe("404");
  });

  it("R-ROUTE-3 a missing article goes to /404; an unknown route says the page could not be found", async () => {
    const page = await reader();
    // well-formed id of content that does not exist
    await page.goto(`${origin}/davmu/share/news/doc/2026/11/zzzzzzzzzzzz/index.html`);
    expect(new URL(page.url()).pathname).toBe("/davmu/share/404");
    const unknown = await page.goto(`${origin}/davmu/share/no/such/page`);
    expect(unknown?.status()).toBe(404);
    expect(await page.locator(".error-message").textContent()).toContain("找不到");
  });
});

describe("desktop visitors", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  /** The first article's share link, as a phone is handed it. */
  async function articleLink(): Promise<string> {
    const phone = await phoneContext(browser);
    const link = await firstArticleLink(await phone.newPage(), origin);
    await phone.close();
    return link;
  }

  /** A desktop browser on that link: sent to /pc, the article drawn in its frame. */
  async function framedArticle(onPage?: (page: Page) => void) {
    const link = await articleLink();
    const context = await desktopContext(browser);
    const page = await context.newPage();
    onPage?.(page);
    await page.goto(link);
    const frame = (await (await page.waitForSelector("iframe.pc-frame")).contentFrame()) as Frame;
    await frame.locator("h1.article-title").waitFor();
    return { link, context, page, frame };
  }

  it("R-SITE-6 at 1280×800 a share link lands on /pc with the page in a phone frame, the wrapper loading no script", async () => {
    const { link, context, page } = await framedArticle();
    const url = new URL(page.url());
    expect(url.pathname).toBe("/davmu/share/pc");
    expect(url.searchParams.get("url")).toBe(link.slice(`${origin}/davmu/share`.length));
    const box = await page.locator("iframe.pc-frame").boundingBox();
    expect(box?.width).toBe(375);
    // the wrapper itself loads no script: the framed page brings its own
    expect(await page.locator("script").count()).toBe(0);
    await context.close();
  });

  it("R-SHARE-3 R-SITE-6 on a computer 立即前往 points to the QR code and leaves the framed page where it is", async () => {
    const navigations: string[] = [];
    const { context, frame } = await framedArticle((page) =>
      page.on("framenavigated", (f) => navigations.push(f.url())),
    );
    await frame.locator("html[data-hydrated]").waitFor({ state: "attached" });
    const before = navigations.length;
    await frame.getByTestId("open-app-banner").getByRole("button", { name: "打开App" }).click();
    await frame.locator('[data-testid="open-app-dialog"]:not([hidden]) .dialog-confirm').click();
    await expectToast(frame, "请用手机扫描二维码，在手机上打开App");
    // no scheme, intent or download replaced the framed article
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(navigations.slice(before)).toEqual([]);
    expect(await frame.locator("h1.article-title").count()).toBe(1);
    await context.close();
  });

  it("R-SITE-6 a link tapped inside the frame opens in the frame, under the service worker too, never a second wrapper", async () => {
    const { context, frame } = await framedArticle();
    // the site's service worker controls the framed page (it registers once the page idles)
    await expect
      .poll(() => frame.evaluate(() => navigator.serviceWorker?.controller != null), { timeout: 15_000 })
      .toBe(true);
    const card = frame.locator("a.card-link[href*='/doc/']").first();
    const next = (await card.getAttribute("href")) ?? "";
    await card.click();
    await frame.waitForURL((url) => url.pathname === new URL(next, origin).pathname, { timeout: 10_000 });
    await frame.locator("h1.article-title").waitFor();
    expect(await frame.locator(".pc-page").count()).toBe(0);
    await context.close();
  });

  it("R-SITE-6 a phone turned wide (≥ 1000 px, wider than tall) is sent to /pc by the page itself", async () => {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      userAgent:
        "Mozilla/5.0 (iPad; CPU OS 17_1 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.44",
    });
    const page = await context.newPage();
    // the page that leaves for the wrapper counts nothing itself: it is read, and counted, in the frame
    const trackedAtTop: string[] = [];
    page.on("request", (request) => {
      if (request.frame() === page.mainFrame() && /\/assets\/tracker-[\w-]+\.js$|\/tracker\/log$/.test(request.url()))
        trackedAtTop.push(request.url());
    });
    await page.goto(`${origin}/davmu/share/`);
    await page.waitForURL(/\/davmu\/share\/pc\?url=.*&screen=wide$/);
    // and stays there: /pc sends back only a phone its screen did not send
    await page.frameLocator("iframe.pc-frame").locator("body").waitFor();
    expect(new URL(page.url()).pathname).toBe("/davmu/share/pc");
    expect(trackedAtTop).toEqual([]);
    await context.close();
  });

  it("R-SITE-6 a desktop's /pc address opened on a phone in WeChat lands on the page itself", async () => {
    const link = await articleLink();
    const phone = await phoneContext(browser);
    const page = await phone.newPage();
    const inner = link.slice(`${origin}/davmu/share`.length);
    await page.goto(`${origin}/davmu/share/pc?url=${encodeURIComponent(inner)}`);
    expect(page.url()).toBe(link);
    await hydrated(page);
    expect(await page.locator(".pc-page").count()).toBe(0);
    await phone.close();
  });
});
