/**
 * The page's frame on island pages (decision 058): the mini program's router control is drawn by the
 * server for every page that may show it, shown by the stylesheet where the page is in a mini
 * program, and wakes as an island on its first tap; nothing of React loads before.
 */
import { phoneContext } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoArticles } from "./accounts.ts";
import { reactChunks, scriptsOf } from "./island-support.ts";
import { connectBrowser, site } from "./setup/site.ts";

/** A mini program's web view as WeChat 8 on Android sends it (the user-agent corpus's sample). */
const miniProgramUserAgent =
  "Mozilla/5.0 (Linux; Android 9; MI 6 Build/PKQ1.190118.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/3263 MMWEBSDK/201201 Mobile Safari/537.36 MMWEBID/7685 MicroMessenger/8.0.1.1840(0x2800013B) Process/appbrand0 WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 miniProgram";

describe("the page's frame on an island page", () => {
  let browser: Browser;
  let articles: string[];

  beforeAll(async () => {
    browser = await connectBrowser();
    articles = (await demoArticles()).map((a) => a.url);
    if (articles.length < 2) throw new Error("the demo data has fewer than two articles");
  });
  afterAll(() => browser?.close());

  it("R-WEB-ISLAND-2 R-LAYOUT-3 in a mini program the router control shows from the server; its back button wakes on the tap and goes back", async () => {
    const context = await phoneContext(browser, { userAgent: miniProgramUserAgent });
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    const [first, second] = articles as [string, string];
    await page.goto(first);
    await page.goto(second);
    await page.waitForLoadState("networkidle");
    const control = page.getByTestId("router-control");
    expect(await control.isVisible()).toBe(true);
    expect(await page.locator(".banner").isVisible()).toBe(false);
    expect(reactChunks(scripts)).toEqual([]);
    await control.getByRole("button").tap();
    await page.waitForURL(first);
    expect(reactChunks(scripts).length).toBeGreaterThan(0);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-LAYOUT-3 the router control's home is a plain link: it works before any script and without one", async () => {
    const context = await phoneContext(browser, { userAgent: miniProgramUserAgent, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(articles[0] ?? "");
    await page.getByTestId("router-control").getByRole("link").click();
    await page.waitForURL(`${site.origin}/davmu/share/`);
    await context.close();
  });
});
