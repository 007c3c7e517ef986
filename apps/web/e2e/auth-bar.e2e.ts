import { demoCards, hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillLoginPopup, popup } from "./accounts.ts";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

describe("/auth and /bar", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-ROUTE-1 /auth opens the phone login at once and, logged in, returns to the page it was sent from", async () => {
    const article = (await demoCards(origin)).find((c) => c.content_type === "article");
    if (!article) throw new Error("no demo article");
    const back = article.content_link.replace("/davmu/share", "");
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${origin}/davmu/share/auth?redirect=${encodeURIComponent(back)}`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1.auth-title").textContent()).toBe("登录江澜新闻");
    expect(await page.locator(".auth-back").getAttribute("href")).toBe(article.content_link);
    await hydrated(page);
    await popup(page).getByRole("dialog").waitFor({ timeout: 5000 });
    await shot(page, `auth-bar/auth-login`);
    // the page behind the popup
    await popup(page)
      .getByRole("button", { name: /关闭|取消/ })
      .first()
      .click();
    await expect.poll(() => popup(page).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `auth-bar/auth-page`);

    const tel = "13900002121";
    await page.getByRole("button", { name: "手机号登录" }).click();
    await fillLoginPopup(page, tel);
    await page.waitForURL(`${origin}${article.content_link}`, { timeout: 8000 });
    expect(await page.locator("h1.article-title").textContent()).toBe(article.title);

    // logged in already: /auth returns at once; a foreign target is the home page
    await page.goto(`${origin}/davmu/share/auth?redirect=${encodeURIComponent("https://evil.example.com/")}`);
    await page.waitForURL(`${origin}/davmu/share/`, { timeout: 8000 });
    await context.close();
  });

  it("R-ROUTE-1 /bar is the bottom navigation bar alone, its items opening their pages", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(`${origin}/davmu/share/bar`);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    const bar = page.getByTestId("navbar");
    expect(await bar.locator("li").count()).toBeGreaterThan(1);
    expect(await page.getByTestId("open-app-banner").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `auth-bar/bar`);
    await context.close();
  });
});
