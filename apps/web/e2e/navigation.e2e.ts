import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { hydrated, phoneContext, wechatUserAgent } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./accounts.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const share = `${origin}/davmu/share/`;
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** axe-core's WCAG 2.1 A and AA rules on the page as it stands. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(ctx: unknown, opts: unknown): Promise<{ violations: unknown }> } })
      .axe;
    const result = await axe.run(document, {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] },
    });
    return result.violations as Array<{ id: string; help: string; nodes: Array<{ target: unknown[] }> }>;
  });
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => JSON.stringify(n.target)).join("; ")}`);
}

let apiToken: string | undefined;
/** An API answer with an anonymous token, to check pages against the data they show. */
async function api(path: string) {
  if (!apiToken) {
    const auth = await fetch(`${origin}/peony/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: 1, platform: "wap" }),
    });
    apiToken = ((await auth.json()) as { data: { token: string } }).data.token;
  }
  return (await (await fetch(origin + path, { headers: { authorization: apiToken } })).json()) as {
    data: { total: number; list: Array<{ title: string }> };
  };
}
const groupTotal = async (gid?: string) =>
  (await api(`/peony/v1/content?pagesize=1${gid ? `&gid=${gid}` : ""}`)).data.total;

describe("navigation and the list pages on a phone in WeChat", () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  async function fresh(): Promise<Page> {
    await context?.close();
    context = await phoneContext(browser);
    page = await context.newPage();
    return page;
  }

  /**
   * The reader's tab as the last test left it, going on to the next page as a reader does (a context
   * of its own per test costs Chromium a renderer each); a fresh one where none is open yet. For the
   * tests that only look, before any test makes a choice the next would inherit (theme, language).
   */
  async function goOn(): Promise<Page> {
    return page && !page.isClosed() ? page : fresh();
  }

  /** The page once loaded (the banner appears after load). */
  async function open(url: string): Promise<Page> {
    await page.goto(url);
    await page.getByTestId("open-app-banner").waitFor();
    return page;
  }

  it("R-UI-NAVBAR the bottom bar shows the usable items with their icons and opens home and the content module", async () => {
    await fresh();
    await open(share);
    const bar = page.getByTestId("navbar");
    expect(await bar.locator(".navbar-title").allTextContents()).toEqual(["首页", "生活", "视频", "专题"]);
    // R-SITE-11: the demo's debug flag is off, so no debug console is fetched
    expect(await page.getByTestId("debug-console").count()).toBe(0);
    const home = bar.locator('[data-nav-id="nav-home"]');
    expect(await home.getAttribute("aria-current")).toBe("page");
    expect(await home.locator("img").getAttribute("src")).toBe("/media/nav/home-active.svg");
    const icon = bar.locator('[data-nav-id="nav-life"] img');
    await expect.poll(() => icon.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(24);
    await bar.locator('[data-nav-id="nav-life"]').click();
    await page.waitForURL(/\/content_model\/index\.html\?id=nav-life&group=life$/);
    await expect.poll(() => page.locator("h1.page-title").textContent()).toBe("生活");
    expect(await bar.locator('[data-nav-id="nav-life"]').getAttribute("aria-current")).toBe("page");
    expect(await bar.locator('[data-nav-id="nav-life"] img').getAttribute("src")).toBe("/media/nav/life-active.svg");
    await bar.locator('[data-nav-id="nav-home"]').click();
    await page.waitForURL(share);
  });

  it("R-UI-NAVBAR app and topic modules show the unsupported toast and stay on the page", async () => {
    await goOn();
    await open(share);
    await page.getByTestId("navbar").locator('[data-nav-id="nav-video"]').click();
    await expectToast(page, "该模块暂不支持，请前往App查看");
    expect(page.url()).toBe(share);
    // gone before the next tap, so the next toast is the next tap's
    await expectToast(page, "");
    await page.getByTestId("navbar").locator('[data-nav-id="nav-topic"]').click();
    await expectToast(page, "该模块暂不支持，请前往App查看");
  });

  it("R-UI-NAVPANEL the nav panel lists the groups of each item; a home group filters the home page", async () => {
    await goOn();
    await open(share);
    await page.getByRole("button", { name: "打开导航" }).click();
    const panel = page.getByTestId("nav-panel");
    await panel.waitFor();
    expect(await panel.locator("h2").allTextContents()).toEqual(["首页", "生活", "视频", "专题", "设置"]);
    expect(await panel.locator(".nav-section").first().getByRole("link").allTextContents()).toEqual([
      "推荐",
      "本地",
      "文化",
      "科技",
    ]);
    await panel.getByRole("link", { name: "健康" }).click();
    await page.waitForURL(/content_model\/index\.html\?id=nav-life&group=health$/);
    await expect.poll(() => page.locator(".channel.active").textContent()).toBe("健康");
    await page.getByRole("button", { name: "打开导航" }).click();
    await page.getByTestId("nav-panel").getByRole("link", { name: "文化" }).click();
    await page.waitForURL(/\/davmu\/share\/\?group=culture$/);
    await expect.poll(() => page.locator(".channel.active").textContent()).toBe("文化");
  });

  it("R-ROUTE-1 home with ?group= lists that group, rendered on the server", async () => {
    const html = await (await fetch(`${share}?group=city`)).text();
    expect(html).toContain('class="channel active"');
    await goOn();
    await open(`${share}?group=city`);
    expect(await page.locator(".channel.active").textContent()).toBe("本地");
    expect(await page.locator(".card").count()).toBe(Math.min(20, await groupTotal("city")));
  });

  it("R-ROUTE-1 the content-module page shows the item's groups as tabs and the chosen group's list", async () => {
    await goOn();
    const response = await page.goto(`${share}content_model/index.html?id=nav-life&group=sports`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1.page-title").textContent()).toBe("生活");
    expect(await page.locator(".channels .channel").allTextContents()).toEqual(["生活", "健康", "体育"]);
    expect(await page.locator(".channel.active").textContent()).toBe("体育");
    const sports = (await api("/peony/v1/content?gid=sports&pagesize=10")).data.list.map((i) => i.title);
    expect(await page.locator(".card-title").allTextContents()).toEqual(sports);
    expect(sports).toContain("2026江澜马拉松鸣枪开跑 两万名跑者沿江奔跑");
    const unknown = await fetch(`${share}content_model/index.html?id=nav-nope`);
    expect(unknown.status).toBe(404);
  });

  it("R-CONTENT-8 R-SITE-12 a list pages with 加载更多, holding 加载中… at least 200 ms, and ends with 没有更多了", async () => {
    const total = await groupTotal();
    expect(total).toBeGreaterThan(10);
    await goOn();
    await open(`${share}list/index.html`);
    // a click before hydration follows the plain link (the page without JavaScript) and shows no 加载中…
    await hydrated(page);
    expect(await page.locator("h1.page-title").textContent()).toBe("列表");
    expect(await page.locator(".card").count()).toBe(10);
    const more = page.getByTestId("load-more");
    // the page records 加载中… as it is drawn and as it goes: on a busy machine the test's own look could
    // come after the state it looks for has come and gone
    await page.evaluate(() => {
      const record = { shown: false, ended: false };
      (window as unknown as { loadingSeen: typeof record }).loadingSeen = record;
      new MutationObserver(() => {
        const button = document.querySelector('[data-testid="load-more"]');
        if (button?.textContent === "加载中…") record.shown = true;
        else if (record.shown && button?.getAttribute("aria-disabled") !== "true") record.ended = true;
      }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    });
    const seen = () =>
      page.evaluate(() => (window as unknown as { loadingSeen: { shown: boolean; ended: boolean } }).loadingSeen);
    for (let shown = 10; shown < total; shown += 10) {
      await page.evaluate(() => {
        Object.assign((window as unknown as { loadingSeen: object }).loadingSeen, { shown: false, ended: false });
      });
      const started = Date.now();
      await more.click();
      // the tap wakes 加载更多's island, which answers it (decision 058): 加载中… as soon as it is awake;
      // the loading state lasts at least 200 ms however fast the page comes
      await expect.poll(seen, { timeout: 15_000, interval: 20 }).toEqual({ shown: true, ended: true });
      expect(Date.now() - started).toBeGreaterThanOrEqual(200);
      await expect.poll(() => page.locator(".card").count()).toBe(Math.min(total, shown + 10));
    }
    expect(await page.locator(".list-end").textContent()).toBe("没有更多了");
    const titles = await page.locator(".card-title").allTextContents();
    expect(new Set(titles).size).toBe(total);
  });

  it("R-CONTENT-8 R-UI-POPUP an h5 card that 加载更多 adds opens its link popup on the first tap, as the first page's do", async () => {
    // the first list page, after the first, that holds an h5 card (an island of its own), as a phone is served it
    const lists = [`${share}list/index.html`, share];
    let found: { list: string; n: number } | undefined;
    for (const list of lists) {
      for (let n = 2; n <= 8 && !found; n++) {
        const html = await (await fetch(`${list}?page=${n}`, { headers: { "user-agent": wechatUserAgent } })).text();
        if (!html.includes('data-testid="load-more"') && !html.includes('data-island="paged-list"')) break;
        if (html.includes('data-island="link-card"')) found = { list, n };
      }
      if (found) break;
    }
    if (!found) throw new Error("no list has an h5 card after its first page");
    await goOn();
    await open(`${found.list}?page=${found.n - 1}`);
    await hydrated(page);
    const cards = page.locator('davmu-island[data-island="link-card"]');
    const before = await cards.count();
    await page.getByTestId("load-more").click();
    await expect.poll(() => cards.count()).toBeGreaterThan(before);
    const added = cards.nth(before);
    // asleep until tapped, like any h5 card the page started with
    expect(await added.getAttribute("data-awake")).toBeNull();
    await added.getByTestId("link-card").click();
    const popup = page.getByTestId("link-popup");
    await popup.waitFor({ timeout: 8000 });
    expect(await popup.locator("iframe").getAttribute("src")).toMatch(/^\/media\/h5\//);
    // the tap opened the popup in place: the list page is still the one shown
    expect(new URL(page.url()).searchParams.get("page")).toBe(String(found.n));
  });

  it("R-CONTENT-8 without JavaScript 加载更多 is a link to the next page", async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const plain = await noJs.newPage();
    await plain.goto(`${share}list/index.html`);
    await plain.getByTestId("load-more").click();
    await plain.waitForURL(/list\/index\.html\?page=2$/);
    expect(await plain.locator(".card").count()).toBe(Math.min(10, (await groupTotal()) - 10));
    await noJs.close();
  });

  it("R-CONTENT-8 an empty list says 暂无内容", async () => {
    await goOn();
    await open(`${share}list/no-such-group/index.html`);
    expect(await page.locator(".empty").textContent()).toBe("暂无内容");
    await open(`${share}fly_card/no-such-group/index.html`);
    expect(await page.locator(".empty").textContent()).toBe("暂无内容");
  });

  it("R-ROUTE-1 the list and fly-card pages name their group and show its content", async () => {
    await goOn();
    await open(`${share}list/city/index.html`);
    expect(await page.locator("h1.page-title").textContent()).toBe("本地");
    expect(await page.locator(".card").count()).toBe(Math.min(10, await groupTotal("city")));
    await open(`${share}fly_card/culture/index.html`);
    expect(await page.locator("h1.page-title").textContent()).toBe("文化");
    expect(await page.locator(".fly-card").count()).toBe(Math.min(10, await groupTotal("culture")));
    await open(`${share}fly_card/index.html`);
    expect(await page.locator("h1.page-title").textContent()).toBe("卡片浏览");
    expect(await page.locator(".fly-card").count()).toBe(10);
    const bad = await fetch(`${share}list/city/other.html`);
    expect(bad.status).toBe(404);
  });

  it("R-ROUTE-1 search shows hot words; a hot word finds its article with the keyword marked as text", async () => {
    await goOn();
    await open(`${share}search/index.html`);
    const hot = page.locator(".hot-words a");
    expect((await hot.allTextContents()).slice(0, 2)).toEqual(["1口袋公园", "2地铁5号线"]);
    // before a search, the 72-hour hot list as the API ranks it
    const hotContent = (await api("/inner/static/hot72")).data.list as Array<{ title: string }>;
    expect(hotContent.length).toBeGreaterThan(0);
    expect(await page.getByTestId("search-hot-content").locator("h2").textContent()).toBe("72小时热榜");
    expect(await page.getByTestId("search-hot-content").locator(".card h3").allTextContents()).toEqual(
      hotContent.map((item) => item.title),
    );
    await hot.first().click();
    await page.waitForURL(/search\/index\.html\?keyword=/);
    expect(await page.getByTestId("search-hot-content").count()).toBe(0);
    const parks = (await api(`/peony/v1/search?keyword=${encodeURIComponent("口袋公园")}`)).data.total;
    await expect.poll(() => page.locator(".search-results .card").count()).toBe(parks);
    expect(new Set(await page.locator(".search-results mark").allTextContents())).toEqual(new Set(["口袋公园"]));
    await page.getByRole("searchbox").fill("江澜");
    await page.getByRole("button", { name: "搜索" }).click();
    await page.waitForURL(/keyword=%E6%B1%9F%E6%BE%9C/);
    const found = (await api(`/peony/v1/search?keyword=${encodeURIComponent("江澜")}`)).data.total;
    await expect.poll(() => page.locator(".search-count").textContent()).toBe(`共找到${found}条结果`);
    expect(await page.locator(".search-results mark").first().textContent()).toBe("江澜");
    await page.getByRole("searchbox").fill("没有这种新闻");
    await page.getByRole("button", { name: "搜索" }).click();
    await expect.poll(() => page.locator(".search-results .empty").textContent()).toBe("没有找到相关内容，换个词试试");
    await page.goto(`${share}search/index.html?keyword=${encodeURIComponent("%%")}`);
    expect(await page.locator(".search-hint").textContent()).toBe("请输入有效的搜索关键词");
  });

  it("R-SITE-13 the dark-mode switch darkens the theme and switches nav icons; the choice survives a reload", async () => {
    await fresh();
    await open(share);
    const background = () =>
      page.evaluate(() => getComputedStyle(document.querySelector(".navbar") as Element).backgroundColor);
    expect(await background()).toBe("rgb(255, 255, 255)");
    await page.getByRole("button", { name: "打开导航" }).click();
    const toggle = page.getByTestId("dark-switch");
    await toggle.waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    await toggle.click();
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await background()).toBe("rgb(28, 28, 30)");
    const homeIcon = page.getByTestId("navbar").locator('[data-nav-id="nav-home"] img');
    // the bar is an island on the home page: the switch wakes it, and it draws the dark icons once awake
    await expect.poll(() => homeIcon.getAttribute("src")).toBe("/media/nav/home-dark-active.svg");
    expect(await page.getByTestId("navbar").locator('[data-nav-id="nav-life"] img').getAttribute("src")).toBe(
      "/media/nav/life-dark.svg",
    );
    const cookie = (await context.cookies()).find((c) => c.name === "davmu_theme");
    expect(cookie?.value).toBe("dark");
    await page.reload();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe("dark");
    expect(await homeIcon.getAttribute("src")).toBe("/media/nav/home-dark-active.svg");
  });

  it("R-SITE-13 with no choice made, the system's dark preference picks the theme and the dark icons", async () => {
    await fresh();
    await page.emulateMedia({ colorScheme: "dark" });
    await open(share);
    expect(
      await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue("--card").trim()),
    ).toBe("#1c1c1e");
    const icon = page.getByTestId("navbar").locator('[data-nav-id="nav-life"] img');
    await expect
      .poll(() => icon.evaluate((img: HTMLImageElement) => img.currentSrc))
      .toMatch(/\/media\/nav\/life-dark\.svg$/);
  });

  it("R-SITE-7 R-WEB-I18N switching to English sets i18n_redirected for 365 days and the page reads in English", async () => {
    await fresh();
    await open(share);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
    await page.getByRole("button", { name: "打开导航" }).click();
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "English" }).click()]);
    const cookie = (await context.cookies()).find((c) => c.name === "i18n_redirected");
    expect(cookie?.value).toBe("en");
    const days = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThanOrEqual(365);
    await page.getByTestId("open-app-banner").waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("en");
    expect(await page.getByRole("button", { name: "Open app" }).count()).toBe(1);
    expect(await page.getByRole("button", { name: "Log in" }).count()).toBe(1);
    expect(await page.getByTestId("navbar").getAttribute("aria-label")).toBe("Main navigation");
    await page.getByTestId("navbar").locator('[data-nav-id="nav-video"]').click();
    await expectToast(page, "This section isn't available here yet. Please view it in the app");
    await page.getByRole("button", { name: "Open app" }).click();
    expect(await page.getByTestId("open-app-dialog").textContent()).toContain("Open 江澜新闻 for more");
    // the server renders English too, and the 404 page follows
    const html = await (
      await fetch(`${share}no-such-column/index.html`, { headers: { cookie: "i18n_redirected=en" } })
    ).text();
    expect(html).toContain('lang="en"');
    expect(html).toContain("Sorry, we couldn&#x27;t find that page");
    // and back to Chinese
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Open navigation" }).click();
    await Promise.all([page.waitForEvent("load"), page.getByRole("button", { name: "中文" }).click()]);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("zh-CN");
  });

  it("R-SITE-8 R-WEB-OFFLINE offline, a page read before still shows and an unread one shows the offline page", async () => {
    await fresh();
    await open(share);
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      return registration.scope;
    });
    expect(await page.evaluate(() => navigator.serviceWorker.ready.then((r) => r.scope))).toBe(share);
    // the worker takes control of the open page once active; pages read from then on are kept
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    const all = (await api("/peony/v1/content?pagesize=50")).data.list as Array<{ content_link?: string }>;
    const links = all
      .map((item) => item.content_link ?? "")
      .filter((path) => path.includes("/doc/"))
      .map((path) => origin + path);
    const [read, unread] = links;
    if (!read || !unread) throw new Error("the demo has fewer than two articles");
    await page.goto(read);
    const title = await page.locator("h1.article-title").textContent();
    await page.goto(share);
    await context.setOffline(true);
    await page.goto(read);
    expect(await page.locator("h1.article-title").textContent()).toBe(title);
    await page.goto(unread);
    expect(await page.getByTestId("offline-page").locator("h1").textContent()).toBe("网络不可用");
    await context.setOffline(false);
    await page.goto(unread);
    expect(await page.locator("h1.article-title").count()).toBe(1);
  }, 60_000);

  it("R-SITE-8 the service worker script is served under the base and keeps nothing of the API", async () => {
    const response = await fetch(`${share}sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/javascript/);
    const source = await response.text();
    expect(source).toContain('request.method !== "GET"');
    expect(source).toContain('request.headers.has("authorization")');
  });

  it("R-WEB-A11Y the navigation pages have no axe violations (WCAG 2.1 AA), the nav panel open included", async () => {
    await fresh();
    const pages = [
      share,
      `${share}content_model/index.html?id=nav-life&group=life`,
      `${share}list/city/index.html`,
      `${share}fly_card/index.html`,
      `${share}search/index.html`,
      `${share}search/index.html?keyword=${encodeURIComponent("江澜")}`,
      `${share}list/no-such-group/index.html`,
    ];
    for (const url of pages) {
      await open(url);
      expect(await axeViolations(page), url).toEqual([]);
    }
    await open(share);
    await page.getByRole("button", { name: "打开导航" }).click();
    await page.getByTestId("nav-panel").waitFor();
    expect(await axeViolations(page), "nav panel").toEqual([]);
    await page.goto(`${share}no-such-column/index.html`);
    expect(await axeViolations(page), "not found").toEqual([]);
  }, 90_000);
});
