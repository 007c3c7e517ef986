/**
 * The special topic, mini program, cloud form and local live pages as island pages (decision 060):
 * each is handed over with the island loader and no page-router data; the special topic and the mini
 * program load no React before a tap; the form wakes as it nears the view and the live room once
 * idle, without a tap; each island then answers.
 */
import { demoCards, hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { expectToast } from "./accounts.ts";
import { openAsleep, reactChunks, scriptsOf } from "./island-support.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

const island = (page: Page, name: string) => page.locator(`davmu-island[data-island="${name}"]`);
const awake = (page: Page, name: string) =>
  page.locator(`davmu-island[data-island="${name}"][data-awake]`).first().waitFor({ state: "attached" });

/** Whether the page was handed over as an island page (its JSON, no page data). */
async function isIslandPage(page: Page) {
  return (await page.locator("#island-page").count()) === 1 && (await page.locator("#page-data").count()) === 0;
}

describe("island pages: special topic, mini program, cloud form, local live", () => {
  let browser: Browser;
  let links: Map<string, string[]>;
  /**
   * A cloud form that takes answers: other browser files add closed and ended forms beside the demo's,
   * and the newest come first in the content list.
   */
  const openForm = async () => {
    for (const url of links.get("cloud_form") ?? []) {
      const html = await fetch(url).then((r) => r.text());
      if (/class="primary-button form-submit"[^>]*>提交</.test(html)) return url;
    }
    throw new Error("no cloud form in the demo data takes answers");
  };
  const first = (type: string) => {
    const url = links.get(type)?.[0];
    if (!url) throw new Error(`the demo has no ${type} item`);
    return url;
  };
  beforeAll(async () => {
    browser = await connectBrowser();
    links = new Map();
    for (const card of await demoCards(origin)) {
      links.set(card.content_type, [...(links.get(card.content_type) ?? []), origin + card.content_link]);
    }
  });
  afterAll(() => browser?.close());

  it("R-WEB-ISLAND-2 R-CONTENT-9 the special topic loads no React before a tap; the folding group wakes on its first tap and expands", async () => {
    const { context, page, scripts } = await openAsleep(browser, first("special"));
    expect(await isIslandPage(page)).toBe(true);
    // the banner, the sections and the cards are server HTML
    expect(await page.locator("davmu-island h1, davmu-island .special-section").count()).toBe(0);
    const group = island(page, "special-group");
    expect(await group.count()).toBe(1);
    expect(await group.getAttribute("data-awake")).toBeNull();
    expect(await group.locator(".card").count()).toBe(2);
    await group.getByRole("button", { name: /展开全部/ }).click();
    await awake(page, "special-group");
    await expect.poll(() => group.locator(".card").count()).toBe(5);
    expect(reactChunks(scripts).length).toBeGreaterThan(0);
    await group.getByRole("button", { name: "收起" }).click();
    await expect.poll(() => group.locator(".card").count()).toBe(2);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-UI-POPUP on the special topic an h5 card's first tap opens the link popup, not its page", async () => {
    const { context, page } = await openAsleep(browser, first("special"));
    const url = page.url();
    await page.getByTestId("link-card").first().click();
    await page.getByTestId("link-popup").waitFor({ timeout: 8000 });
    expect(page.url()).toBe(url);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-UI-DIALOG the mini program's page loads no React before a tap; 打开小程序 opens the open-app dialog", async () => {
    const { context, page } = await openAsleep(browser, first("mini_program"));
    expect(await isIslandPage(page)).toBe(true);
    expect(await page.locator("davmu-island [data-testid=mini-program-card]").count()).toBe(0);
    expect(await island(page, "open-app-button").count()).toBe(2);
    await page.getByRole("button", { name: "打开小程序" }).click();
    await page.getByTestId("open-app-dialog").getByRole("button", { name: "立即前往" }).waitFor({ timeout: 8000 });
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-FORM-1 the cloud form wakes as it nears the view, without a tap, and checks its answers", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    await page.goto(await openForm());
    await hydrated(page);
    expect(await isIslandPage(page)).toBe(true);
    // the title and introduction are server HTML; the form is the island
    expect(await page.locator("davmu-island h1, davmu-island .form-intro").count()).toBe(0);
    await awake(page, "cloud-form");
    await page.getByRole("button", { name: "提交" }).click();
    await expectToast(page, /项需要修改/);
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-LIVE-1 a live room wakes once idle without a tap and runs its chat; its open-app button sleeps until tapped", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    const rooms = links.get("local_live") ?? [];
    expect(rooms.length).toBeGreaterThan(0);
    await page.goto(rooms[0] as string);
    await hydrated(page);
    expect(await isIslandPage(page)).toBe(true);
    await awake(page, "live-room");
    expect(reactChunks(scripts).length).toBeGreaterThan(0);
    // the chat's client runs: a live connection or polling, with no tap
    await expect
      .poll(() => page.locator(".live-chat").first().getAttribute("data-mode"), { timeout: 10000 })
      .toMatch(/^(socket|polling)$/);
    const open = island(page, "open-app-button");
    expect(await open.getAttribute("data-awake")).toBeNull();
    await open.getByRole("button").click();
    await page.getByTestId("open-app-dialog").getByRole("button", { name: "立即前往" }).waitFor({ timeout: 8000 });
    await context.close();
  });

  it("R-WEB-ISLAND-2 R-FORM-1 without JavaScript the special topic, the mini program and the form read as before", async () => {
    const noJs = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 667 } });
    const page = await noJs.newPage();
    await page.goto(first("special"));
    expect(await page.locator("h1").count()).toBe(1);
    expect(await page.getByTestId("special-group").count()).toBeGreaterThan(0);
    await page.goto(first("mini_program"));
    expect(await page.getByTestId("mini-program-card").count()).toBe(1);
    await page.goto(await openForm());
    expect(await page.getByRole("button", { name: "提交" }).count()).toBe(1);
    await noJs.close();
  });
});
