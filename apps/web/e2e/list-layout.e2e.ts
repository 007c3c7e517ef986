import { hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const listPages = ["/davmu/share/", "/davmu/share/?group=city", "/davmu/share/search/index.html"];

describe("list pages in and out of the mini program", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-LAYOUT-4 in the mini program a list page has the router control and the bottom bar instead of the header", async () => {
    const context = await phoneContext(browser);
    await context.addInitScript(() => {
      (window as unknown as { __wxjs_environment: string }).__wxjs_environment = "miniprogram";
    });
    const page = await context.newPage();
    for (const path of listPages) {
      await page.goto(origin + path);
      await hydrated(page);
      await page.getByTestId("router-control").waitFor({ timeout: 5000 });
      expect(await page.getByTestId("open-app-banner").isVisible(), path).toBe(false);
    }
    await page.goto(`${origin}/davmu/share/`);
    await page.getByTestId("router-control").waitFor({ timeout: 5000 });
    expect(await page.getByTestId("navbar").isVisible()).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `list-layout/home-mini-program`);
    await context.close();
  });

  it("R-LAYOUT-4 outside the mini program a list page has the header and no router control", async () => {
    const context = await phoneContext(browser);
    const page = await context.newPage();
    for (const path of listPages) {
      await page.goto(origin + path);
      await hydrated(page);
      await page.getByTestId("open-app-banner").waitFor({ timeout: 5000 });
      // drawn for the mini program too, shown only there
      expect(await page.getByTestId("router-control").isVisible(), path).toBe(false);
    }
    await context.close();
  });
});
