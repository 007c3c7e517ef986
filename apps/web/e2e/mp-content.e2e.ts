import { demoCards, hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

describe("a media account's article (actor mp)", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-ROUTE-5 R-ENT-OTHER an mp article shows the account from its own call and passes axe; an own item under mp goes to /404", async () => {
    const card = (await demoCards(origin)).find((c) => c.content_link.includes("/mp/doc/"));
    if (!card) throw new Error("no media-account article in the demo");
    const context = await phoneContext(browser);
    const page = await context.newPage();
    const response = await page.goto(origin + card.content_link);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    expect(await page.locator("h1.article-title").textContent()).toBe(card.title);
    expect(await page.locator(".article-meta.is-mp .article-source").textContent()).not.toBe("");
    // an id of the organisation's own item under actor mp is no media-account item
    const own = (await demoCards(origin)).find((c) => c.content_link.includes("/news/doc/"));
    if (own) {
      const wrong = await fetch(origin + own.content_link.replace("/news/doc/", "/mp/doc/"), { redirect: "manual" });
      expect(wrong.headers.get("location")).toBe("/davmu/share/404");
    }
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `mp-content/mp-article`);
    await context.close();
  });
});
