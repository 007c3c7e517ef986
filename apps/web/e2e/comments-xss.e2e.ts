/** Comment text is shown as text: XSS payloads posted as comments show literally and nothing runs. */

import { phoneContext } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoArticles, loginWithCode, send } from "./accounts.ts";
import { connectBrowser } from "./setup/site.ts";

describe("comment text is shown as text (R-SEC-XSS)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  const corpus = [
    ["13800138002", "<script>window.__xss=1</script>"],
    ["13800138002", '<img src=x onerror="window.__xss=1">'],
    ["13800138002", '"><svg onload=window.__xss=1>'],
    ["13800138002", '<a href="javascript:window.__xss=1">点我领红包</a>'],
    ["13800138002", '<iframe srcdoc="<script>parent.__xss=1</script>"></iframe>'],
    ["13800138003", "</p><details open ontoggle=window.__xss=1>x</details>"],
    ["13800138003", "javascript:window.__xss=1//"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, kept literal on purpose
    ["13800138003", "{{constructor.constructor('window.__xss=1')()}} ${alert(1)}"],
    ["13800138003", "<style>body{display:none}</style><b onmouseover=alert(1)>粗体</b>"],
  ] as const;

  it("R-SEC-XSS a corpus of XSS payloads posted as comments shows literally after a reload, and nothing runs", async () => {
    const articles = await demoArticles();
    const target = articles.find((a) => a.open && !a.mp) ?? articles.find((a) => a.open);
    if (!target) throw new Error("no open article in the demo data");
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on("dialog", (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await page.goto(target.url);
    let current = "";
    for (const [tel, payload] of corpus) {
      if (tel !== current) {
        if (current) {
          await page.locator(".banner-avatar").click();
          await page.getByRole("button", { name: "退出登录" }).click();
          await page.getByTestId("open-app-banner").getByRole("button", { name: "登录" }).waitFor();
        }
        await loginWithCode(page, tel);
        current = tel;
      }
      await send(page, payload);
      await expect
        .poll(() => page.locator(".comment-list > .comment .comment-text").first().textContent())
        .toBe(payload);
    }
    await page.reload();
    await page.locator(".banner-avatar").waitFor();
    const shown = await page.locator(".comment-list > .comment .comment-text").allTextContents();
    for (const [, payload] of corpus) expect(shown).toContain(payload);
    // the texts hold no markup: no element inside a comment text but the @name of a reply
    expect(await page.locator(".comment-text *:not(.comment-at)").count()).toBe(0);
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as Window & { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator("body").isVisible()).toBe(true);
    await context.close();
  });
});
