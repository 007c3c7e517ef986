import { shot } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const account = site.editorAccount;

let browser: Browser;
beforeAll(async () => {
  browser = await connectBrowser();
});
afterAll(() => browser?.close());

/** Logs in on the page with an editor's own account (R-CONSOLE-1). */
async function signIn(page: Page, email: string, password: string) {
  await page.goto(`${origin}/editor/stats`);
  await page.getByLabel("邮箱").fill(email);
  await page.getByLabel("密码", { exact: true }).fill(password);
  await page.getByRole("button", { name: "登录" }).click();
}

describe("the editors' stats page in a browser", () => {
  it("R-STATS-1 R-CONSOLE-1 a wrong password is refused on the page; the right one shows the demo events plotted, at desktop and phone widths", async () => {
    for (const [name, viewport] of [
      ["desktop", { width: 1280, height: 900 }],
      ["phone", { width: 375, height: 667 }],
    ] as const) {
      const context = await browser.newContext({ viewport, locale: "zh-CN", deviceScaleFactor: 1 });
      const page = await context.newPage();
      await signIn(page, account.email, "a-wrong-password-0000");
      await expect.poll(() => page.locator("#sign-in-error").textContent(), { timeout: 10000 }).toBe("邮箱或密码错误");

      await page.getByLabel("密码", { exact: true }).fill(account.password);
      await page.getByRole("button", { name: "登录" }).click();
      await page.locator("#plot-traffic canvas").waitFor({ timeout: 10000 });
      expect(page.url()).toBe(`${origin}/editor/stats`);
      expect(page.url()).not.toContain(account.password);
      const figures = await page.locator("#figures .figure strong").allTextContents();
      expect(figures).toHaveLength(6);
      expect(Number((figures[0] as string).replace(/,/g, ""))).toBeGreaterThan(1000);
      expect(await page.locator("#items tbody tr[data-post]").count()).toBeGreaterThan(5);
      // every type is named in Chinese, forms and live rooms included (never its code)
      const types = await page.locator("#items tbody tr[data-post] td:nth-child(2)").allTextContents();
      expect(types.filter((type) => /^[a-z_]+$/.test(type))).toEqual([]);
      expect(types).toContain("表单");
      expect(await page.locator("#depth .bar-row").count()).toBe(5);
      expect(await page.locator("#csv").getAttribute("href")).toMatch(
        /^\/editor\/v1\/stats\.csv\?from=\d{4}-\d{2}-\d{2}&to=/,
      );
      // the cookie is httpOnly: the page's script cannot read it
      expect(await page.evaluate(() => document.cookie)).toBe("");
      await shot(page, `stats-dashboard/stats-${name}`, { fullPage: true });

      // one item's own curve, by the hour
      await page.locator("#items tbody tr[data-post]").first().click();
      await page.locator("#scope").waitFor();
      await page.selectOption("#granularity", "hour");
      await page.getByRole("button", { name: "查询" }).click();
      await page.waitForTimeout(500);
      await shot(page, `stats-dashboard/stats-${name}-item-hourly`, { fullPage: false });
      await context.close();
    }
  });

  it("R-STATS-1 an expired or cleared session is asked to sign in again", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: "zh-CN" });
    const page = await context.newPage();
    await signIn(page, account.email, account.password);
    await page.locator("#plot-traffic canvas").waitFor();
    await page.getByRole("button", { name: "退出登录" }).click();
    await page.locator("#sign-in").waitFor();
    await page.goto(`${origin}/editor/stats`);
    expect(await page.locator("body").getAttribute("data-signed-in")).toBe("0");
    // a cookie no session has (as one ended or forged)
    await context.addCookies([{ name: "davmu_console", value: "A".repeat(43), url: `${origin}/editor` }]);
    const answer = await page.evaluate(async () => {
      const response = await fetch("/editor/v1/stats");
      return { status: response.status, body: await response.json() };
    });
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toBe("登录已失效，请重新登录");
    await context.close();
  });
});
