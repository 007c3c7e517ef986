/**
 * The moderation screen's author panel (R-CONSOLE-4, R-MOD-2) in Chromium, against the product as it
 * runs: a reader's held comment, its author's history beside the queue, the ban and what the reader
 * then sees on the share site, and the ban lifted.
 */
import { mkdirSync } from "node:fs";
import { launchBrowser, phoneContext } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoArticles, expectToast, loginWithCode, send } from "./accounts.ts";
import { consoleUrl, desktop, loginWithPassword, shots } from "./console-support.ts";
import { axeViolations } from "./content-pages.ts";
import { site } from "./setup/site.ts";

const stamp = Date.now().toString(36);

describe("the console's author panel and ban", () => {
  let browser: Browser;

  beforeAll(async () => {
    browser = await launchBrowser();
    mkdirSync(shots, { recursive: true });
  });
  afterAll(() => browser?.close());

  it("R-CONSOLE-4 R-MOD-2 a moderator opens a held comment's author with u, bans them (the share site then refuses their comment with a clear message), and lifts the ban", async () => {
    const marker = `封禁作者${stamp}`;
    const article = (await demoArticles()).find((a) => a.open);
    if (!article) throw new Error("no open article in the demo data");
    const readerContext = await phoneContext(browser);
    const reader = await readerContext.newPage();
    await reader.goto(article.url);
    await loginWithCode(reader, `1370013${String(Date.now() % 10000).padStart(4, "0")}`);
    await send(reader, `${marker} 详情见 www.jianglan-e2e.com`);
    await expectToast(reader, "评论已提交，审核通过后展示");

    const context = await desktop(browser);
    const page = await context.newPage();
    await loginWithPassword(page, site.editorAccount);
    await page.locator(".sidebar").waitFor();
    await page.goto(`${consoleUrl}/moderation`);
    const row = page.locator("tbody tr", { hasText: marker });
    await row.waitFor();
    await row.locator(".comment-text").click();
    await page.keyboard.press("u");
    const panel = page.locator(".side-panel");
    await panel.getByText(marker).waitFor();
    expect(await panel.getByText("正常").count()).toBe(1);
    expect(await panel.locator(".history li").first().textContent()).toContain("评论");
    await page.screenshot({ path: `${shots}/moderation-author-1280-light.png` });
    expect(await axeViolations(page)).toEqual([]);

    await panel.getByLabel("封禁原因（可选）").fill("发广告");
    await panel.getByRole("button", { name: "封禁用户" }).click();
    await panel.getByRole("status").filter({ hasText: "已封禁" }).waitFor();
    await panel.getByText("已被 测试管理员 封禁", { exact: false }).waitFor();
    await page.screenshot({ path: `${shots}/moderation-author-banned-1280-light.png` });

    // the banned reader's next comment is refused with the API's words
    await send(reader, `${marker} 再发一条`);
    await expectToast(reader, "你已被管理员禁止发表评论");
    expect(await reader.locator(".cf-input").inputValue()).toBe(`${marker} 再发一条`);

    // the panel follows the cursor and closes with Escape; the ban is lifted from it too
    await page.keyboard.press("Escape");
    await expect.poll(() => panel.count()).toBe(0);
    await row.getByRole("button").click();
    await panel.getByRole("button", { name: "解除封禁" }).click();
    await panel.getByText("正常").waitFor();
    // accepted again: the box empties (a refused text stays in it)
    await send(reader, `${marker} 解封之后`);
    await expect.poll(() => reader.locator(".cf-input").inputValue()).toBe("");
    await readerContext.close();

    // at 375 px the panel covers the queue and still passes axe
    await page.setViewportSize({ width: 375, height: 667 });
    await page.waitForTimeout(400); // the sidebar's slide out ends
    await page.screenshot({ path: `${shots}/moderation-author-375-light.png` });
    expect(await axeViolations(page)).toEqual([]);
    await context.close();
  }, 90_000);
});
