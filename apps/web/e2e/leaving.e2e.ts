import { demoCards, hydrated, launchBrowser, phoneContext } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loginThroughApi, postIdOf } from "./accounts.ts";
import { editorHeaders } from "./editor-session.ts";
import { site } from "./setup/site.ts";

/**
 * Every way a reader leaves an article, in one phone browser: each visit's view and read are sent
 * once, and the product stores them. What the page sent is read from the beacon on its way out (kept
 * in the tab's session storage, which outlives the page); what the product stored, from the editors'
 * stats.
 */
const origin = site.origin;

interface Sent {
  behavior: string;
  tid: string;
  event_id: string;
  visit: string;
  duration?: number;
  percent?: number;
  /** the page that sent it */
  from: string;
}

let browser: Browser;
let context: BrowserContext;
let articles: string[];

beforeAll(async () => {
  // as phones have it: the automation's default switches the back/forward cache off; Chromium itself,
  // not the headless shell the other files run in, which restores no page from that cache
  browser = await launchBrowser({ ignoreDefaultArgs: ["--disable-back-forward-cache"] });
  context = await phoneContext(browser);
  await context.addInitScript(() => {
    // the events of each beacon to /tracker/log, read from its body as the page hands it over
    const NativeBlob = window.Blob;
    const texts = new WeakMap<Blob, string>();
    const RecordingBlob = function (this: unknown, parts?: BlobPart[], options?: BlobPropertyBag) {
      const blob = new NativeBlob(parts, options);
      if (parts?.every((p) => typeof p === "string")) texts.set(blob, parts.join(""));
      return blob;
    } as unknown as typeof Blob;
    RecordingBlob.prototype = NativeBlob.prototype;
    window.Blob = RecordingBlob;
    const record = (url: string | URL | Request, text: string | undefined) => {
      if (!String(url).endsWith("/tracker/log") || !text) return;
      const from = location.pathname;
      const events = (JSON.parse(text) as object[]).map((e) => ({ ...e, from }));
      const sent = JSON.parse(sessionStorage.getItem("__sent") ?? "[]") as object[];
      sessionStorage.setItem("__sent", JSON.stringify(sent.concat(events)));
    };
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url: string | URL, data?: BodyInit | null) => {
      record(url, data instanceof NativeBlob ? texts.get(data) : undefined);
      return send(url, data);
    };
    // while the page stays, the tracker sends with fetch (its answer is seen)
    const nativeFetch = window.fetch.bind(window);
    window.fetch = (input: RequestInfo | URL, init?: RequestInit) => {
      record(input instanceof Request ? input.url : input, typeof init?.body === "string" ? init.body : undefined);
      return nativeFetch(input, init);
    };
    // when the page became interactive (the island loader marks <html data-hydrated>)
    new MutationObserver((_, self) => {
      if (!document.documentElement.hasAttribute("data-hydrated")) return;
      (window as unknown as { __hydratedAt: number }).__hydratedAt = performance.now();
      self.disconnect();
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-hydrated"] });
    addEventListener("pageshow", (e) => {
      const shows = JSON.parse(sessionStorage.getItem("__shows") ?? "[]") as string[];
      sessionStorage.setItem("__shows", JSON.stringify(shows.concat(`${e.persisted} ${location.pathname}`)));
    });
  });
  articles = (await demoCards(origin)).filter((c) => c.content_type === "article").map((c) => origin + c.content_link);
});
afterAll(() => browser?.close());

async function stored(link: string): Promise<{ views: number; reads: number }> {
  const answer = await fetch(`${origin}/editor/v1/stats?post_id=${postIdOf(link)}`, {
    headers: await editorHeaders(origin),
  });
  const { views, reads } = ((await answer.json()) as { data: { totals: { views: number; reads: number } } }).data
    .totals;
  return { views, reads };
}

const sentBy = (page: Page) =>
  page.evaluate(() => JSON.parse(sessionStorage.getItem("__sent") ?? "[]") as Sent[]).catch(() => [] as Sent[]);
/** What the page sent of a content item: its views and reads. */
const of = (sent: Sent[], link: string, behavior: string) =>
  sent.filter((e) => e.tid === postIdOf(link) && e.behavior === behavior);

/** The article, open and its tracker running, in a new tab of the one phone browser. */
async function open(link: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(link);
  await hydrated(page);
  await page.locator("html[data-tracking]").waitFor({ state: "attached" });
  return page;
}

/** The view has gone, a second after load, on its own: not waiting for a batch or a leaving. */
async function viewSent(page: Page, link: string) {
  await expect.poll(async () => of(await sentBy(page), link, "view").length, { timeout: 3000 }).toBe(1);
}

const setVisibility = (page: Page, state: "hidden" | "visible") =>
  page.evaluate((s) => {
    Object.defineProperty(document, "visibilityState", { value: s, configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  }, state);

describe("every way out of an article counts its read once", () => {
  it("R-FIELD-3 tapping a link to another page sends the read of the page left, under the service worker too; the view went a second after load", async () => {
    // counted before the page opens: its view goes a second after load, sooner than a busy machine
    // hydrates it
    const before = await stored(articles[0] as string);
    const page = await open(articles[0] as string);
    const left = page.url();
    expect(postIdOf(left)).toBe(postIdOf(articles[0] as string));
    // a returning reader's page is controlled by the site's service worker
    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker?.controller != null), { timeout: 10_000 })
      .toBe(true);
    await viewSent(page, left);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight / 3));
    const card = page.locator('[data-testid="related-list"] .card-link[href*="/davmu/share/"]').first();
    await card.click();
    await page.waitForURL((url) => url.href !== left);
    await hydrated(page);
    const sent = await sentBy(page);
    expect(of(sent, left, "view")).toHaveLength(1);
    const reads = of(sent, left, "read");
    expect(reads).toHaveLength(1);
    expect(reads[0]?.percent).toBeGreaterThan(0);
    expect(reads[0]?.visit).toBe(of(sent, left, "view")[0]?.visit);
    await expect
      .poll(() => stored(left), { timeout: 15_000 })
      .toEqual({ views: before.views + 1, reads: before.reads + 1 });
    await page.close();
  });

  it("R-FIELD-3 Back sends the read of the page left; the page restored from the back/forward cache is a new view, and its own read when left", async () => {
    const first = articles[1] as string;
    const second = articles[2] as string;
    const [firstBefore, secondBefore] = [await stored(first), await stored(second)];
    const page = await open(first);
    await viewSent(page, first);
    await page.goto(second);
    await hydrated(page);
    await viewSent(page, second);
    await page.goBack({ waitUntil: "commit" });
    // restored as it was, not loaded again
    await expect
      .poll(async () => (await page.evaluate(() => sessionStorage.getItem("__shows"))) ?? "")
      .toContain(`true ${new URL(first).pathname}`);
    await expect.poll(async () => of(await sentBy(page), first, "view").length, { timeout: 3000 }).toBe(2);
    await setVisibility(page, "hidden");
    const sent = await sentBy(page);
    expect(of(sent, second, "read")).toHaveLength(1);
    const views = of(sent, first, "view");
    const reads = of(sent, first, "read");
    // the first visit's read as it went into the cache, the second's as it was hidden
    expect(reads.map((r) => r.visit)).toEqual(views.map((v) => v.visit));
    expect(new Set(views.map((v) => v.visit)).size).toBe(2);
    await expect
      .poll(() => stored(second), { timeout: 15_000 })
      .toEqual({ views: secondBefore.views + 1, reads: secondBefore.reads + 1 });
    await expect
      .poll(() => stored(first), { timeout: 15_000 })
      .toEqual({ views: firstBefore.views + 2, reads: firstBefore.reads + 2 });
    await page.close();
  });

  it("R-LOGIN-10 a page restored from the back/forward cache shows the session as it is now: logged in elsewhere, then logged out elsewhere", async () => {
    const [first, second] = [articles[6] as string, articles[7] as string];
    const page = await context.newPage();
    await page.goto(first);
    await hydrated(page);
    await page.locator("html[data-session]").waitFor({ state: "attached" });
    const banner = page.getByTestId("open-app-banner");
    await banner.getByRole("button", { name: "登录" }).waitFor();
    // nothing left in flight as the page goes into the cache (the view goes a second after load)
    await viewSent(page, first);
    // on another page the reader logs in (kept where every page reads it), then comes Back
    await page.goto(second);
    await hydrated(page);
    const user = await loginThroughApi(`1395${String(Date.now()).slice(-7)}`);
    await page.evaluate(({ token, userId }) => {
      localStorage.setItem("token", token);
      localStorage.setItem("user_id", userId);
    }, user);
    await page.goBack({ waitUntil: "commit" });
    // restored as it was, not loaded again
    await expect
      .poll(async () => (await page.evaluate(() => sessionStorage.getItem("__shows"))) ?? "")
      .toContain(`true ${new URL(first).pathname}`);
    await page.locator(".banner-avatar").waitFor({ timeout: 5000 });
    // and the other way: logged out on another page, the restored page is anonymous again
    // the restored page is a new visit: its own view goes a second after it shows
    await expect.poll(async () => of(await sentBy(page), first, "view").length, { timeout: 3000 }).toBe(2);
    await page.goto(second);
    await hydrated(page);
    await page.evaluate(() => {
      localStorage.removeItem("token");
      localStorage.removeItem("user_id");
    });
    await page.goBack({ waitUntil: "commit" });
    await expect.poll(() => page.locator(".banner-avatar").count(), { timeout: 5000 }).toBe(0);
    await banner.getByRole("button", { name: "登录" }).waitFor();
    await page.close();
  });

  it("R-FIELD-3 hiding the page (the app switcher) sends the read, and closing it afterwards sends nothing more", async () => {
    const link = articles[3] as string;
    const before = await stored(link);
    const page = await open(link);
    await viewSent(page, link);
    await setVisibility(page, "hidden");
    // what closing does first, then the close itself
    await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent("pagehide", { persisted: false })));
    const sent = await sentBy(page);
    expect(of(sent, link, "read")).toHaveLength(1);
    expect(of(sent, link, "view")).toHaveLength(1);
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(() => stored(link), { timeout: 15_000 })
      .toEqual({ views: before.views + 1, reads: before.reads + 1 });
  });

  it("R-FIELD-3 on a phone too busy to idle, the tracker starts with the page all the same, and a reader who closes it is stored", async () => {
    const link = articles[5] as string;
    const before = await stored(link);
    // a low-end phone still busy when the reader leaves: the browser never idles (the page's other
    // start-up work waits for that; its statistics must not)
    const busy = await phoneContext(browser);
    await busy.addInitScript(() => {
      window.requestIdleCallback = (() => 0) as unknown as typeof window.requestIdleCallback;
    });
    const page = await busy.newPage();
    await page.goto(link);
    await hydrated(page);
    await page.locator("html[data-tracking]").waitFor({ state: "attached", timeout: 5000 });
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(() => stored(link), { timeout: 15_000 })
      .toEqual({ views: before.views + 1, reads: before.reads + 1 });
    await busy.close();
  });

  it("R-FIELD-3 a reader who closes the page within 2 s of load, before the view's second, is stored as a view and a read", async () => {
    const link = articles[4] as string;
    const before = await stored(link);
    const page = await open(link);
    // the tracker runs well within the view's second after the page became interactive, and nothing
    // has gone yet: a reader leaving now has been on the page for less than 2 s
    const since = await page.evaluate(
      () => performance.now() - (window as unknown as { __hydratedAt: number }).__hydratedAt,
    );
    expect(since).toBeLessThan(1000);
    expect(await sentBy(page)).toEqual([]);
    await page.close({ runBeforeUnload: true });
    await expect
      .poll(() => stored(link), { timeout: 15_000 })
      .toEqual({ views: before.views + 1, reads: before.reads + 1 });
  });
});
