import { otherDemoPaths } from "@davmu/demo/demo-paths";
import { demoCards, firstArticleLink, hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginWithCode, openLogin } from "./accounts.ts";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const share = `${origin}/davmu/share/`;

/** axe-core's colour-contrast rule on the page as it stands, once its fades have settled. */
const contrastViolations = (page: Page) => axeViolations(page, ["color-contrast"]);

describe("dark mode on every page type", () => {
  let browser: Browser;
  /** page type → its demo page, the content types from the content list, the rest as demo-paths names them */
  const pages = new Map<string, string>();

  beforeAll(async () => {
    browser = await connectBrowser();
    const context = await phoneContext(browser);
    pages.set("home", share);
    pages.set("article", await firstArticleLink(await context.newPage(), origin));
    await context.close();
    const cards = await demoCards(origin);
    for (const type of ["video", "svideo", "audio", "audio_album", "video_album", "image", "mini_program", "special"]) {
      const card = cards.find((c) => c.content_type === type);
      if (card) pages.set(type, origin + card.content_link);
    }
    // the live rooms differ by layout (landscape, portrait, picture-and-text): every demo room
    cards
      .filter((c) => c.content_type === "local_live")
      .forEach((c, n) => {
        pages.set(`local_live ${n + 1}`, origin + c.content_link);
      });
    pages.set("content model", `${share}content_model/index.html?id=nav-life&group=life`);
    pages.set("list", `${share}list/city/index.html`);
    pages.set("search", `${share}search/index.html?keyword=${encodeURIComponent("江澜")}`);
    // the e2e server's salt (setup/server.ts) names the demo's circles and questions
    for (const [name, path] of Object.entries(await otherDemoPaths(origin, "e2e-salt"))) pages.set(name, origin + path);
  });
  afterAll(() => browser?.close());

  it("R-WEB-A11Y R-SITE-13 every page type in dark mode passes axe's colour-contrast rule, with dark surfaces under its text", async () => {
    // every content type, list page, community column and form page: none may be left out silently
    expect(pages.size).toBeGreaterThanOrEqual(31);
    const context = await phoneContext(browser);
    await context.addCookies([{ name: "davmu_theme", value: "dark", domain: new URL(origin).hostname, path: "/" }]);
    const page = await context.newPage();
    const failures: Record<string, string[]> = {};
    const lightSurfaces: Record<string, string[]> = {};
    for (const [name, url] of pages) {
      await page.goto(url);
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.dataset.theme), name).toBe("dark");
      const violations = await contrastViolations(page);
      if (violations.length > 0) failures[name] = violations;
      // axe passes light grey text on a white panel only by luck of the grey; no panel that holds
      // the page's own text may stay white under a dark banner
      const light = await page.evaluate(() => {
        const found: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>("main *, [class$='-page'] *")) {
          const style = getComputedStyle(element);
          const match = /^rgba?\((\d+), (\d+), (\d+)(?:, ([\d.]+))?\)$/.exec(style.backgroundColor);
          if (!match || (match[4] !== undefined && Number(match[4]) < 0.5)) continue;
          const [r, g, b] = [match[1], match[2], match[3]].map(Number) as [number, number, number];
          const box = element.getBoundingClientRect();
          if (r + g + b > 3 * 225 && box.width > 200 && box.height > 40 && element.innerText.trim().length > 0)
            found.push(`${element.tagName.toLowerCase()}.${element.className} ${style.backgroundColor}`);
        }
        return found;
      });
      if (light.length > 0) lightSurfaces[name] = light;
    }
    expect(failures).toEqual({});
    expect(lightSurfaces).toEqual({});
    await context.close();
  }, 240_000);

  it("R-WEB-A11Y R-UI-LOGIN R-UI-ACCOUNT in dark mode the login popup and the account sheet pass axe's colour-contrast rule", async () => {
    const context = await phoneContext(browser);
    await context.addCookies([{ name: "davmu_theme", value: "dark", domain: new URL(origin).hostname, path: "/" }]);
    const page = await context.newPage();
    await page.goto(pages.get("article") ?? share);
    await page.getByTestId("open-app-banner").waitFor();
    await openLogin(page);
    const settled = (selector: string) =>
      page
        .locator(selector)
        .evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((a) => a.finished)));
    await settled(".sheet-mask:not([hidden])");
    expect(await contrastViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await loginWithCode(page, `137${String(Date.now()).slice(-8)}`);
    await page.locator(".banner-avatar").click();
    const sheet = page.getByTestId("account-sheet");
    await sheet.getByRole("button", { name: "退出登录" }).waitFor();
    await settled(".sheet-mask:not([hidden])");
    expect(await contrastViolations(page)).toEqual([]);
    await context.close();
  });
});
