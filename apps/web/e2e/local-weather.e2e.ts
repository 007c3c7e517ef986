import { hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

describe("the local channel's header", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
  });
  afterAll(() => browser?.close());

  it("R-LBS-1 the local channel shows its city and the editors' weather, rendered with the page; other channels show none", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${origin}/davmu/share/?group=city`);
    const strip = page.getByTestId("local-weather");
    expect(await strip.textContent()).toMatch(/江澜市16°多云 11°~19°东北风 2级 · 空气优/);
    await page.goto(`${origin}/davmu/share/?group=video`);
    expect(await page.getByTestId("local-weather").count()).toBe(0);
    await context.close();

    const live = await phoneContext(browser);
    const shown = await live.newPage();
    await shown.goto(`${origin}/davmu/share/?group=city`);
    await hydrated(shown);
    expect(await shown.getByTestId("local-weather").isVisible()).toBe(true);
    expect(await axeViolations(shown)).toEqual([]);
    await shot(shown, `local-weather/local-weather`);
    await live.close();
  });
});
