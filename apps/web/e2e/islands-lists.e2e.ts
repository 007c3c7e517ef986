/**
 * The activity, invitation, login, bar and expired-preview pages as island pages (decision 064):
 * each loads the island loader and no page-router hand-off; a page with nothing to run loads no React;
 * each island wakes under its policy and then answers.
 */
import { demoCards, hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, logInThroughPopup, popup } from "./accounts.ts";
import { openAsleep } from "./island-support.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const share = `${origin}/davmu/share/`;

const island = (page: Page, name: string) => page.locator(`davmu-island[data-island="${name}"]`);

/** Whether the page was handed over as an island page (its JSON, no page data). */
async function isIslandPage(page: Page) {
  return (await page.locator("#island-page").count()) === 1 && (await page.locator("#page-data").count()) === 0;
}

/** The open demo activity: the first demo item whose activity answer is open. */
async function openActivity(): Promise<string> {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  for (const card of await demoCards(origin)) {
    const answer = await fetch(`${origin}/peony/v1/activity/${card.post_id}`, {
      headers: { authorization: auth.data.token },
    }).then((r) => r.json());
    if (answer.code === 0 && answer.data.state === "open") return card.post_id;
  }
  throw new Error("the demo has no open activity");
}

describe("island pages: activity, invitation, login, bar, expired preview", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-WEB-ISLAND-2 R-ACT-1 the activity page: 立即报名 wakes by itself once idle, the count's island sleeps until a sign-up, which shows 已报名 and the new count", async () => {
    const id = await openActivity();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${share}activity/${id}/index.html`);
    await hydrated(page);
    expect(await isIslandPage(page)).toBe(true);
    // no tap: the idle policy wakes the button
    await island(page, "activity-signup").and(page.locator("[data-awake]")).waitFor({ state: "attached" });
    expect(await island(page, "activity-count").getAttribute("data-awake")).toBeNull();

    const count = page.locator(".activity-facts dd").nth(3);
    const [before = Number.NaN, capacity] = ((await count.textContent()) ?? "").split(" / ").map(Number);
    expect(before).toBeGreaterThanOrEqual(0);
    await page.getByRole("button", { name: "立即报名" }).click();
    await logInThroughPopup(page, "13900006161");
    await page.getByRole("button", { name: "立即报名" }).click();
    await expect.poll(() => page.locator(".activity-signup").textContent(), { timeout: 8000 }).toBe("已报名");
    // the count's island is woken by the sign-up and shows its answer
    await expect.poll(() => count.textContent(), { timeout: 8000 }).toBe(`${before + 1} / ${capacity}`);
    expect(await island(page, "activity-count").getAttribute("data-awake")).toBe("");
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-INVITE-1 the invitation page: 接受邀请 wakes by itself once idle and is enabled when the session is known; an unknown code's page loads no React", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${share}invite/JLXW2026/index.html`);
    await hydrated(page);
    expect(await isIslandPage(page)).toBe(true);
    // no tap: the idle policy wakes it
    await island(page, "invite-accept").and(page.locator("[data-awake]")).waitFor({ state: "attached" });
    await expect.poll(() => page.getByRole("button", { name: "接受邀请" }).isEnabled(), { timeout: 8000 }).toBe(true);
    await page.getByRole("button", { name: "接受邀请" }).click();
    await popup(page).getByRole("dialog").waitFor({ timeout: 5000 });
    await context.close();

    const unknown = await openAsleep(browser, `${share}invite/NOPE1234/index.html`);
    expect(await unknown.page.locator("h1").textContent()).toBe("邀请码不存在");
    expect(await isIslandPage(unknown.page)).toBe(true);
    await unknown.context.close();
  });

  it("R-WEB-ISLAND-2 R-ROUTE-1 /auth: the login island wakes by itself once idle and opens the phone login without a tap", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${share}auth`);
    await hydrated(page);
    expect(await isIslandPage(page)).toBe(true);
    await popup(page).getByRole("dialog").waitFor({ timeout: 5000 });
    expect(await island(page, "auth-login").getAttribute("data-awake")).toBe("");
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-UI-NAVBAR /bar: the bar wakes once idle; in the system's dark mode its labels leave the light colours; an app-only module says so", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.emulateMedia({ colorScheme: "dark" });
    const response = await page.goto(`${share}bar`);
    // drawn on the server for the light bar (read from the server's answer: the bar may wake, once
    // idle, before the page's own markup can be read)
    const served = await page.evaluate(
      (html) =>
        new DOMParser().parseFromString(html, "text/html").querySelector<HTMLElement>('[data-nav-id="nav-video"]')
          ?.style.color,
      (await response?.text()) ?? "",
    );
    expect(served).toBeTruthy();
    const video = page.locator('[data-nav-id="nav-video"]');
    const labelColour = () => video.evaluate((element) => (element as HTMLElement).style.color);
    await hydrated(page);
    expect(await isIslandPage(page)).toBe(true);
    await island(page, "nav-bar").and(page.locator("[data-awake]")).waitFor({ state: "attached" });
    await expect.poll(labelColour).toBe("");
    await video.click();
    await expectToast(page, "该模块暂不支持，请前往App查看");
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-PREVIEW-1 the expired-preview page loads the island loader and no React", async () => {
    const { page, context } = await openAsleep(browser, `${share}preview_expired?reason=expired`);
    expect(await page.locator("h1").textContent()).toBe("预览链接已过期");
    expect(await isIslandPage(page)).toBe(true);
    await context.close();
  });

  it("R-ROUTE-1 R-WEB-ISLAND-2 search: a search is a document load of /search/index.html?keyword=…; 返回 goes back to the page before", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(`${share}agreement/privacy`);
    await page.goto(`${share}search/index.html`);
    await hydrated(page);
    await page.evaluate(() => {
      (window as unknown as { samePage: boolean }).samePage = true;
    });
    await page.getByRole("searchbox").fill("江澜");
    await page.getByRole("button", { name: "搜索" }).click();
    await page.waitForURL(/search\/index\.html\?keyword=%E6%B1%9F%E6%BE%9C$/);
    await hydrated(page);
    expect(await page.evaluate(() => (window as unknown as { samePage?: boolean }).samePage)).toBeUndefined();
    expect(await page.locator(".search-heading").first().textContent()).toContain("江澜");
    await page.getByRole("link", { name: "返回" }).click();
    await page.waitForURL(/search\/index\.html$/);
    await page.getByRole("link", { name: "返回" }).click();
    await page.waitForURL(/agreement\/privacy$/);
    await context.close();
  });
});
