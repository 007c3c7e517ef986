import { firstArticleLink, hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

import { type Beacon, beacons } from "./beacons.ts";
import { editorHeaders } from "./editor-session.ts";

/** What leaving the page does (the pagehide event), without leaving it. */
const pagehide = (page: Page) => page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
/** The page hidden (the app switcher, another tab) or shown again. */
const setVisibility = (page: Page, state: "hidden" | "visible") =>
  page.evaluate((s) => {
    Object.defineProperty(document, "visibilityState", { value: s, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);
const scrollTo = async (page: Page, fraction: number) => {
  await page.evaluate(
    (f) => window.scrollTo(0, (document.documentElement.scrollHeight - window.innerHeight) * f),
    fraction,
  );
  await page.waitForTimeout(150);
};

let browser: Browser;
let context: BrowserContext;
let article: string;

beforeAll(async () => {
  browser = await connectBrowser();
  const probe = await phoneContext(browser);
  article = await firstArticleLink(await probe.newPage(), origin);
  await probe.close();
});
afterAll(() => browser?.close());

async function freshPage(): Promise<{ page: Page; sent: () => Promise<Beacon[]>; posts: () => number }> {
  await context?.close();
  context = await phoneContext(browser);
  const page = await context.newPage();
  // every request to the beacon's address, however sent (sendBeacon, fetch), across reloads
  let posts = 0;
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/tracker/log") posts += 1;
  });
  return { page, sent: await beacons(page), posts: () => posts };
}
const count = (sent: () => Promise<Beacon[]>, behavior: string) => async () =>
  (await sent()).filter((e) => e.behavior === behavior).length;

describe("tracking in the page", () => {
  it("R-TRACK-2 R-TRACK-4 scrolling an article sends reads whose percent grows and never falls; the view carries page type and series", async () => {
    const { page, sent } = await freshPage();
    await page.goto(article);
    await hydrated(page);
    await page.waitForTimeout(1600); // the statistics call comes a second after load
    await scrollTo(page, 0.3);
    await pagehide(page);
    await expect.poll(count(sent, "read"), { timeout: 5000 }).toBe(1);
    const view = (await sent()).find((e) => e.behavior === "view");
    expect(view).toMatchObject({ page_type: "docDetailspage", series: "imagetext" });
    // the reader comes back (the page visible again), reads on and leaves again: the read is updated
    await setVisibility(page, "visible");
    await scrollTo(page, 0.8);
    await page.waitForTimeout(1100);
    await setVisibility(page, "hidden");
    await expect.poll(count(sent, "read"), { timeout: 5000 }).toBe(2);
    await setVisibility(page, "visible");
    await scrollTo(page, 0);
    await page.waitForTimeout(1100);
    await pagehide(page);
    await expect.poll(count(sent, "read"), { timeout: 5000 }).toBe(3);
    const all = await sent();
    const reads = all.filter((e) => e.behavior === "read");
    const percents = reads.map((e) => e.percent as number);
    expect(percents[1]).toBeGreaterThan(percents[0] as number);
    expect(percents[2]).toBe(percents[1]);
    expect(reads.map((e) => e.duration as number)).toEqual(
      [...reads.map((e) => e.duration as number)].sort((a, b) => a - b),
    );
    expect(new Set(all.map((e) => e.event_id)).size).toBe(all.length);
  });

  it("R-TRACK-3 a card wholly in view sends one expose, never a second; a card below the fold none until seen", async () => {
    const { page, sent } = await freshPage();
    await page.goto(`${origin}/davmu/share/`);
    await hydrated(page);
    await page.waitForTimeout(1600);
    await pagehide(page);
    await expect.poll(count(sent, "expose"), { timeout: 5000 }).toBeGreaterThan(0);
    const exposed = async () => (await sent()).filter((e) => e.behavior === "expose").flatMap((e) => e.tid.split("|"));
    const first = await exposed();
    const cards = await page.locator("[data-tid]").evaluateAll((els) =>
      els.map((el) => {
        const box = el.getBoundingClientRect();
        return {
          id: (el as HTMLElement).dataset.tid as string,
          inView: box.height > 0 && box.top >= 0 && box.bottom <= window.innerHeight,
          below: box.height > 0 && box.top >= window.innerHeight,
        };
      }),
    );
    expect(first.sort()).toEqual(
      cards
        .filter((c) => c.inView)
        .map((c) => c.id)
        .sort(),
    );
    const below = cards.find((c) => c.below);
    expect(below).toBeDefined();
    expect(first).not.toContain(below?.id);
    // the card below into view and out, twice, and the page up and down: each id exposed once
    for (let round = 0; round < 2; round++) {
      await page
        .locator(`[data-tid="${below?.id}"]`)
        .first()
        .evaluate((el) => el.scrollIntoView({ block: "center" }));
      await page.waitForTimeout(150);
      for (const f of [1, 0]) await scrollTo(page, f);
    }
    await page.waitForTimeout(400);
    await pagehide(page);
    await expect.poll(async () => (await exposed()).includes(below?.id as string), { timeout: 5000 }).toBe(true);
    const ids = await exposed();
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("R-TRACK-5 hiding the page (visibilitychange) sends the read so far", async () => {
    const { page, sent } = await freshPage();
    await page.goto(article);
    await hydrated(page);
    await page.waitForTimeout(1600);
    await scrollTo(page, 0.6);
    await setVisibility(page, "hidden");
    await expect.poll(count(sent, "read"), { timeout: 5000 }).toBe(1);
    expect(await count(sent, "view")()).toBe(1);
  });

  it("R-TRACK-5 without sendBeacon and with the network down, events are kept and sent on the next visit", async () => {
    const { page, sent } = await freshPage();
    const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem("DAVMU_TRACKING_PENDING") ?? "[]").length);
    // this visit: no beacon, and fetch fails
    // for the whole browser: the site's service worker sends the page's beacons itself
    await page.context().route("**/tracker/log", (route) => route.abort());
    await page.addInitScript(() => {
      Object.defineProperty(navigator, "sendBeacon", { value: undefined, configurable: true });
    });
    await page.goto(article);
    await hydrated(page);
    await page.waitForTimeout(1600);
    await pagehide(page);
    await expect.poll(stored, { timeout: 5000 }).toBeGreaterThanOrEqual(2); // the view and the read
    // the next visit, online: what was kept goes first (by fetch keepalive here), and the store empties
    await page.context().unroute("**/tracker/log");
    const posted: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/tracker/log")) posted.push(request.postData() ?? "");
    });
    await page.goto(`${origin}/davmu/share/`);
    await hydrated(page);
    await page.waitForTimeout(1600);
    await pagehide(page);
    await expect.poll(() => posted.join("").includes('"behavior":"read"'), { timeout: 5000 }).toBe(true);
    await expect.poll(stored, { timeout: 5000 }).toBe(0);
    // no beacon was there to send with: every event went by fetch
    expect((await sent()).length).toBeGreaterThan(0);
  });

  it("R-REL-4 R-TRACK-4 a view answered 503 (the server cannot store it now) is kept and sent again after the Retry-After, with the same event id", async () => {
    const { page } = await freshPage();
    const bodies: string[] = [];
    // the first beacon gets what an instance whose tracking writer cannot store answers
    await page.context().route("**/tracker/log", async (route) => {
      bodies.push(route.request().postData() ?? "");
      if (bodies.length === 1) {
        await route.fulfill({
          status: 503,
          headers: { "retry-after": "1", "content-type": "application/json; charset=utf-8" },
          body: JSON.stringify({ code: 503, msg: "统计服务暂时不可用，请稍后再试", data: null }),
        });
      } else await route.continue();
    });
    await page.goto(article);
    await hydrated(page);
    await expect.poll(() => bodies.length, { timeout: 8000 }).toBeGreaterThanOrEqual(2);
    const [refused, again] = bodies.map((body) => JSON.parse(body) as Beacon[]);
    const view = refused?.find((e) => e.behavior === "view");
    expect(view).toBeDefined();
    expect(again?.some((e) => e.event_id === view?.event_id)).toBe(true);
    // sent again, nothing is left kept
    expect(await page.evaluate(() => localStorage.getItem("DAVMU_TRACKING_PENDING"))).toBeNull();
    await page.context().unroute("**/tracker/log");
  });

  it("R-TRACK-5 closing the page sends what waits: the view is stored and counted", async () => {
    const postId = article.split("/").at(-2) as string;
    const views = async () => {
      const answer = await fetch(`${origin}/editor/v1/stats?post_id=${postId}`, {
        headers: await editorHeaders(origin),
      });
      return ((await answer.json()) as { data: { totals: { views: number } } }).data.totals.views;
    };
    const before = await views();
    const { page } = await freshPage();
    // the tracker's chunk comes as the page starts and sends the view a second later
    const trackerFetched = page.waitForResponse((r) => /\/assets\/tracker-[\w-]+\.js$/.test(r.url()), {
      timeout: 15_000,
    });
    await page.goto(article);
    await hydrated(page);
    await trackerFetched;
    await page.waitForTimeout(1000); // about when the view goes
    await page.close({ runBeforeUnload: true });
    await expect.poll(views, { timeout: 8000 }).toBe(before + 1);
  });

  it("R-TRACK-5 nothing is sent in preview, for a visitor who switched statistics off in the nav panel, or under Global Privacy Control", async () => {
    let { page, sent, posts } = await freshPage();
    await page.goto(`${article}?preview=1`);
    await page.locator("h1").first().waitFor();
    await hydrated(page);
    await page.waitForTimeout(1600);
    await scrollTo(page, 0.5);
    await pagehide(page);
    await page.waitForTimeout(500);
    expect(await sent()).toEqual([]);
    expect(posts()).toBe(0);

    ({ page, sent, posts } = await freshPage());
    await page.goto(article);
    await hydrated(page);
    await page.getByRole("button", { name: "打开导航" }).click();
    const toggle = page.getByTestId("tracking-switch");
    expect(await toggle.getAttribute("aria-checked")).toBe("true");
    await toggle.click();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    // the view may have gone before the switch (a second after load, sooner than a slow tap)
    const sentBeforeTheSwitch = posts();
    await page.reload();
    await hydrated(page);
    await page.waitForTimeout(1600);
    await scrollTo(page, 0.5);
    await pagehide(page);
    await page.waitForTimeout(500);
    // not even what the page had queued before the switch: every send checks it
    expect(await sent()).toEqual([]);
    expect(posts() - sentBeforeTheSwitch).toBe(0);

    ({ page, sent, posts } = await freshPage());
    await page.addInitScript(() => Object.defineProperty(navigator, "globalPrivacyControl", { value: true }));
    await page.goto(article);
    await hydrated(page);
    await page.waitForTimeout(1600);
    await pagehide(page);
    await page.waitForTimeout(500);
    expect(await sent()).toEqual([]);
    expect(posts()).toBe(0);
  });
});
