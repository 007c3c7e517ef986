import { hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, latestCode, popup } from "./accounts.ts";
import { axeViolations, readerTab } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";
import { siteWithoutApi } from "./site-without-api.ts";

const origin = site.origin;
const base = `${origin}/davmu/share`;
const rid = "jianglan";
const lampsItem = "9f1c2a4e-0001-4c3a-9d21-5b7e3a1c0001";

async function api(path: string) {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  return fetch(`${origin}${path}`, { headers: { authorization: auth.data.token } }).then((r) => r.json());
}

/** The demo's report with a reply (the street lamps), its reporter, from the busiest topic's list. */
async function demoIds(): Promise<{ report: string; reporter: string }> {
  const topic = await api(`/peony/v3/clue_report/topic/${encodeURIComponent("街坊身边事")}?limit=50`);
  const lamps = topic.data.list.find((r: { title: string }) => r.title.includes("梧桐巷路灯"));
  const detail = await api(`/peony/v3/clue_report/${lamps.id}/detail`);
  return { report: lamps.id, reporter: detail.data.reply.reporter.user_id };
}

async function open(page: Page, path: string, status = 200) {
  const response = await page.goto(`${base}${path}`);
  expect(response?.status(), path).toBe(status);
  await hydrated(page);
}

describe("dejin pages (clue reports and the open column)", () => {
  let browser: Browser;
  let ids: { report: string; reporter: string };
  beforeAll(async () => {
    browser = await connectBrowser();
    ids = await demoIds();
  });
  afterAll(() => browser?.close());
  const reader = readerTab(() => browser);

  it("R-ROUTE-1 R-LAYOUT-2 a report in the dejin layout: header, the report with pictures, timeline and reply, the comment footer", async () => {
    const page = await reader();
    await open(page, `/dejin/detail/${ids.report}/index.html`);
    // kept a few seconds by the server's page cache like the other pages (browsers are told no-cache)
    const answer = await fetch(`${base}/dejin/detail/${ids.report}/index.html`);
    await answer.text();
    expect(answer.headers.get("cache-control")).toBe("no-cache");
    expect(await page.locator("h1").textContent()).toContain("梧桐巷路灯");
    expect(await page.getByTestId("dejin-status").textContent()).toBe("已办结");
    expect(await page.locator("[data-testid=dejin-pictures] img").count()).toBe(2);
    expect(await page.locator("[data-testid=dejin-timeline] li").count()).toBe(4);
    expect(await page.getByTestId("dejin-reply").textContent()).toContain("林晓澜");
    expect(await page.locator(".open-app-banner, header").count()).toBeGreaterThan(0);
    expect(await page.getByTestId("dejin-footer").isVisible()).toBe(true);
    const ogUrl = await page.locator('meta[property="og:url"]').getAttribute("content");
    expect(ogUrl).toMatch(new RegExp(`/davmu/share/dejin/detail/${ids.report}/index\\.html$`));
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `dejin/dejin-detail`);
    await shot(page, `dejin/dejin-detail-full`, { fullPage: true });
    // asking the reporter happens in the app
    await page.getByRole("button", { name: "追问记者" }).click();
    await page.getByTestId("open-app-dialog").waitFor({ timeout: 5000 });
  });

  it("R-LAYOUT-2 R-MOD-1 a visitor logs in from the footer, comments on a report and sees the comment under it", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await open(page, `/dejin/detail/${ids.report}/index.html`);
    const comments = page.getByTestId("report-comment");
    const before = await comments.count();
    if (before === 0) {
      expect(await page.locator(".dj-comments-empty").textContent({ timeout: 3000 })).toBe("暂无评论，快来抢沙发吧～");
    }
    const text = `路灯亮了，晚上回家安心多了 ${Date.now() % 100000}`;
    const input = page.getByRole("textbox", { name: "写评论" });
    await input.fill(text, { timeout: 5000 });
    // logged out: sending asks to log in first
    await page.getByRole("button", { name: "发送" }).click({ timeout: 5000 });
    await popup(page).getByRole("dialog").waitFor({ timeout: 5000 });
    const tel = "13520007788";
    await popup(page).getByLabel("手机号").fill(tel, { timeout: 5000 });
    await popup(page).getByRole("button", { name: "获取验证码" }).click({ timeout: 5000 });
    await expectToast(page, "验证码发送成功");
    await popup(page)
      .getByLabel("验证码")
      .fill(await latestCode(tel), { timeout: 5000 });
    await popup(page).getByRole("checkbox").check({ timeout: 5000 });
    await popup(page).getByRole("button", { name: "登录", exact: true }).click({ timeout: 5000 });
    await expectToast(page, "登录成功～");
    await page.getByRole("button", { name: "发送" }).click({ timeout: 5000 });
    await expectToast(page, "评论成功");
    await expect
      .poll(() => comments.first().locator(".dj-comment-text").textContent({ timeout: 1000 }), { timeout: 6000 })
      .toBe(text);
    expect(await input.inputValue()).toBe("");
    // drawn by the server for everyone once the page cache (10 s) lets the page go
    await expect
      .poll(
        async () => {
          await page.reload({ timeout: 8000 });
          return page.locator(".dj-comment-text").first().textContent({ timeout: 3000 });
        },
        { timeout: 20_000, interval: 2000 },
      )
      .toBe(text);
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `dejin/dejin-detail-comments`, { fullPage: true });
    await context.close();
  }, 60_000);

  it("R-ROUTE-1 R-STORE-1 R-TIP-1 a topic lists its reports by view_sum, 10 at a time, 加载更多 brings the rest, and 我要爆料 leads to the tip form", async () => {
    const page = await reader();
    await open(page, `/dejin/topic/${encodeURIComponent("街坊身边事")}/index.html`);
    expect(await page.locator("h1").textContent()).toBe("#街坊身边事#");
    const cards = page.locator("[data-testid=dejin-list] > li");
    expect(await cards.count()).toBe(10);
    // the other recommended topics to go on with
    expect(await page.locator(".dj-more-topics a").allTextContents()).toEqual([
      "#出行难题#2条报料",
      "#生态环境#2条报料",
    ]);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `dejin/dejin-topic`);
    await page.getByTestId("load-more").click();
    await expect.poll(() => cards.count(), { timeout: 8000 }).toBe(11);
    expect(await page.getByText("没有更多了").count()).toBe(1);
    await cards.first().locator("a").click();
    await page.waitForURL(/\/dejin\/detail\//, { timeout: 8000 });
    // the column's way in for readers with a tip of their own
    await page.goBack();
    await page.getByRole("link", { name: /我要爆料/ }).click();
    await page.waitForURL(/\/dejin\/tip\/index\.html$/, { timeout: 8000 });
  });

  it("R-ROUTE-1 R-STORE-1 a reporter's page: profile, their clues, the clues that mention them and their news items as tabs", async () => {
    const page = await reader();
    await open(page, `/dejin/personal/${ids.reporter}/index.html`);
    expect(await page.getByTestId("dejin-profile").textContent()).toContain("林晓澜");
    expect(await page.locator("[data-testid=dejin-tab-clues] [data-testid=dejin-list] > li").count()).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    // R-WEB-A11Y headings descend one level at a time (h1 name → h2 tab → h3 cards), as Lighthouse checks
    const levels = await page.$$eval("h1, h2, h3, h4, h5, h6", (hs) => hs.map((h) => Number(h.tagName.slice(1))));
    expect(levels.slice(0, 3)).toEqual([1, 2, 3]);
    for (let i = 1; i < levels.length; i++)
      expect((levels[i] as number) - (levels[i - 1] as number)).toBeLessThanOrEqual(1);
    await shot(page, `dejin/dejin-personal`);
    await page.getByRole("link", { name: /@TA的/ }).click();
    await page.getByTestId("dejin-tab-mentions").waitFor({ timeout: 8000 });
    expect(await page.locator("[data-testid=dejin-tab-mentions] [data-testid=dejin-list] > li").count()).toBe(3);
    await page.getByRole("link", { name: /相关报道/ }).click();
    await page.getByTestId("dejin-tab-posts").waitFor({ timeout: 8000 });
    expect(await page.locator("[data-testid=dejin-tab-posts] li").count()).toBe(3);
    await shot(page, `dejin/dejin-personal-posts`);
  });

  it("R-ROUTE-1 the open column's catalog and an item, news style, with their share cards", async () => {
    const page = await reader();
    await open(page, `/dejin/catalog/index.html?rid=${rid}&id=minsheng`);
    expect(await page.locator("h1").textContent()).toBe("民生追踪");
    expect(await page.locator("[data-testid=paged-list] > li").count()).toBe(3);
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toBe("民生追踪");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `dejin/dejin-catalog`);
    await page.getByRole("link", { name: "生态观察" }).click();
    await page.waitForURL(/id=shengtai/, { timeout: 8000 });
    await open(page, `/dejin/content/index.html?rid=${rid}&uuid=${lampsItem}`);
    expect(await page.locator("h1").textContent()).toContain("梧桐巷路灯修好了");
    expect(await page.getByTestId("dejin-news").textContent()).toContain("江澜新闻");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `dejin/dejin-content`);
  });

  it("R-ROUTE-1 unknown ids, missing query names and odd topic names answer the not-found page, never a 500", async () => {
    const page = await reader();
    const paths = [
      "/dejin/detail/index.html",
      "/dejin/detail/not-an-id/index.html",
      "/dejin/detail/zzzzzzzzzz/index.html",
      `/dejin/detail/${ids.report}/other.html`,
      "/dejin/personal/index.html",
      "/dejin/personal/nobody/index.html",
      `/dejin/topic/${encodeURIComponent("没有 这个 话题")}/index.html`,
      `/dejin/topic/${encodeURIComponent("🔥🔥🔥")}/index.html`,
      `/dejin/topic/${encodeURIComponent("100%")}/index.html`,
      `/dejin/topic/${encodeURIComponent("a/b")}/index.html`,
      `/dejin/topic/${"x".repeat(500)}/index.html`,
      "/dejin/catalog/index.html",
      `/dejin/catalog/index.html?rid=${rid}&id=nothing`,
      `/dejin/content/index.html?rid=${rid}`,
      `/dejin/content/index.html?rid=${rid}&uuid=00000000-0000-0000-0000-000000000000`,
      `/dejin/content/index.html?rid=${encodeURIComponent("江澜")}&uuid=${lampsItem}`,
    ];
    for (const path of paths) {
      const response = await page.goto(`${base}${path}`);
      expect([path, response?.status()]).toEqual([path, 404]);
      expect(await page.getByText(/找不到|不存在/).count(), path).toBeGreaterThan(0);
    }
  });
});

describe("dejin pages when the API fails", () => {
  it("R-ERR-2 a report, a reporter and a topic that cannot be loaded say so and offer 重新加载, never a blank page", async () => {
    const ids = await demoIds();
    const site = await siteWithoutApi();
    const browser = await connectBrowser();
    try {
      const context = await phoneContext(browser);
      const page = await context.newPage();
      const paths = [
        `/dejin/detail/${ids.report}/index.html`,
        `/dejin/personal/${ids.reporter}/index.html`,
        `/dejin/topic/${encodeURIComponent("街坊身边事")}/index.html`,
        `/dejin/content/index.html?rid=${rid}&uuid=${lampsItem}`,
      ];
      for (const path of paths) {
        const response = await page.goto(`${site.origin}/davmu/share${path}`);
        expect([path, response?.status()]).toEqual([path, 503]);
        expect(response?.headers()["cache-control"], path).toBe("no-store");
        expect(await page.getByTestId("dejin-failed").textContent(), path).toContain("加载失败");
        expect(await page.getByTestId("dejin-retry").isVisible(), path).toBe(true);
      }
      await shot(page, `dejin/dejin-failed`);
    } finally {
      await browser.close();
      await site.stop();
    }
    // a site of its own starts within the test (up to 30 s on a loaded machine)
  }, 60_000);
});
