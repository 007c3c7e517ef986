import { phoneContext } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const share = `${origin}/davmu/share/`;

describe("the user agreement and privacy policy on a phone", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-LOGIN-7 the login popup's 《用户协议》 and 《隐私政策》 open the organisation's texts", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(share);
    await page.getByTestId("open-app-banner").getByRole("button", { name: "登录" }).click();
    const popup = page.getByTestId("login-popup");
    await popup.waitFor();
    for (const [link, title] of [
      ["《用户协议》", "江澜新闻用户协议"],
      ["《隐私政策》", "江澜新闻隐私政策"],
    ] as const) {
      const [opened] = await Promise.all([
        context.waitForEvent("page"),
        popup.getByRole("link", { name: link }).click(),
      ]);
      await opened.waitForLoadState();
      expect(await opened.locator("h1").textContent()).toBe(title);
      expect(await opened.locator(".agreement-date").textContent()).toBe("更新日期： 2026-11-01");
      expect(await opened.locator(".agreement-paragraph").count()).toBeGreaterThan(4);
      await opened.close();
    }
    await context.close();
  });

  it("R-LOGIN-7 an unknown text is the site's not-found page, and the texts read without JavaScript", async () => {
    expect((await fetch(`${share}agreement/terms`)).status).toBe(404);
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    const response = await page.goto(`${share}agreement/privacy`);
    expect(response?.status()).toBe(200);
    expect(await page.locator("h1").textContent()).toBe("江澜新闻隐私政策");
    expect(await page.locator(".agreement-paragraph").first().textContent()).toMatch(/^江澜新闻深知个人信息/);
    await context.close();
  });
});
