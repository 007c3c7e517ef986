import { hydrated, phoneContext, shot, wechatUserAgent } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast, logInThroughPopup } from "./accounts.ts";
import { axeViolations } from "./content-pages.ts";
import { editorHeaders } from "./editor-session.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const demoPictures = new URL("../../api/demo-media/tips/demo/", import.meta.url).pathname;
const tipPage = `${origin}/davmu/share/dejin/tip/index.html`;
const text = "江澜中学南门外的人行横道标线已经磨得看不清了，上下学高峰车流量很大，孩子们过马路很危险。";

describe("tip pages", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-TIP-1 in WeChat a visitor logs in, writes a tip with two pictures (file input) and lands on its receipt, which the form page then lists", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    expect(await page.evaluate(() => navigator.userAgent)).toBe(wechatUserAgent);
    const response = await page.goto(tipPage);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `tip/tip-form`);

    // too short: told at once, nothing sent
    await page.getByLabel("事情经过").fill("井盖松了");
    await page.getByRole("button", { name: "登录后提交爆料" }).click();
    await expectToast(page, "请描述事情经过，至少 10 个字");

    await page.getByLabel("事情经过").fill(text);
    await page.getByLabel("发生地点").fill("江澜中学南门");
    await page.getByLabel("联系方式").fill("微信 e2e_reader");
    // WeChat's JS-SDK is not signed in this deployment: the picker is the file input
    await page.setInputFiles("input[type=file]", [`${demoPictures}manhole-road.jpg`, `${demoPictures}dark-street.jpg`]);
    await expect.poll(() => page.locator(".tip-thumb img").count(), { timeout: 5000 }).toBe(2);
    expect(await page.locator(".tip-add").textContent()).toContain("2/9");
    await page.getByRole("button", { name: "删除第 2 张图片" }).click();
    expect(await page.locator(".tip-thumb img").count()).toBe(1);
    await page.setInputFiles("input[type=file]", [`${demoPictures}dark-street.jpg`]);
    await expect.poll(() => page.locator(".tip-thumb img").count(), { timeout: 5000 }).toBe(2);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `tip/tip-form-filled`);

    await page.getByRole("button", { name: "登录后提交爆料" }).click();
    await logInThroughPopup(page, "13900005153");
    await page.getByRole("button", { name: "提交爆料" }).click();
    await page.waitForURL(/\/dejin\/tip\/[2-9A-HJ-NP-Z]{8}\/index\.html$/, { timeout: 30_000 });
    await hydrated(page);
    const receipt = /\/tip\/([2-9A-Z]{8})\//.exec(page.url())?.[1] as string;
    expect(await page.locator(".tip-receipt-value").textContent()).toBe(`${receipt.slice(0, 4)} ${receipt.slice(4)}`);
    expect(await page.locator(".tip-status-line").textContent()).toBe("已提交，待审核");
    // the sender's own answer brings the text and the stored pictures
    await expect.poll(() => page.locator(".tip-content-pictures img").count(), { timeout: 8000 }).toBe(2);
    expect(await page.locator(".tip-content-text").textContent()).toBe(text);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `tip/tip-receipt`, { fullPage: true });

    // back on the form, the kept receipt is listed with its status, without typing it
    await page.goto(tipPage);
    await hydrated(page);
    const row = page.locator(".tip-receipt-row", { hasText: `${receipt.slice(0, 4)} ${receipt.slice(4)}` });
    await expect.poll(() => row.locator(".tip-status").textContent(), { timeout: 8000 }).toBe("已提交，待审核");
    await row.click();
    await page.waitForURL(new RegExp(`/dejin/tip/${receipt}/index\\.html$`));
    await context.close();
  });

  it("R-TIP-1 the receipt page shows a rejected tip's reason to anyone with the code, the content only to its sender; bad codes go to /404", async () => {
    const moved = await fetch(`${origin}/editor/v1/tips/KM4TD9RB`, {
      method: "POST",
      headers: { ...(await editorHeaders(origin)), "content-type": "application/json" },
      body: JSON.stringify({ action: "reject", reason: "该路段已列入本周市政维修计划" }),
    });
    expect([200, 409]).toContain(moved.status);
    await moved.arrayBuffer();
    const context = await phoneContext(browser);
    const page = await context.newPage();
    // the server renders the status (readable before any script runs)
    const html = await (await fetch(`${origin}/davmu/share/dejin/tip/km4t-d9rb/index.html`)).text();
    expect(html).toContain("该路段已列入本周市政维修计划");
    await page.goto(`${origin}/davmu/share/dejin/tip/KM4TD9RB/index.html`);
    await hydrated(page);
    expect(await page.locator(".tip-status-line").textContent()).toBe("未采纳");
    expect(await page.locator(".tip-reason").textContent()).toContain("该路段已列入本周市政维修计划");
    expect(await page.locator(".tip-private-note").textContent()).toBe("爆料内容仅提交者本人登录后可见");
    expect(await page.locator(".tip-content-text").count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `tip/tip-receipt-rejected`);
    for (const bad of ["ZZZZZZZZ", "not-a-code", "0O1I0O1I"]) {
      const answer = await fetch(`${origin}/davmu/share/dejin/tip/${bad}/index.html`, { redirect: "manual" });
      expect(answer.status, bad).toBe(302);
      expect(answer.headers.get("location")).toMatch(/\/404$/);
      await answer.arrayBuffer();
    }
    await context.close();
  });
});
