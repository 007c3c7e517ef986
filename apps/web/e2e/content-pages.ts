/**
 * What the browser tests of the content types' share pages share (content-types, content-media and
 * content-lists .e2e.ts): the demo items, opening their pages on a phone, axe-core and layout shifts.
 */
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { type DemoCard, demoCards, phoneContext } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { afterAll, beforeAll } from "vitest";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

export type ItemType =
  | "video"
  | "svideo"
  | "audio"
  | "audio_album"
  | "video_album"
  | "image"
  | "mini_program"
  | "local_live"
  | "special"
  | "h5";

/** A demo item, its type narrowed to the detail types these files open. */
export type Card = DemoCard & { content_type: ItemType };

export const axePath = (() => {
  try {
    return createRequire(import.meta.url).resolve("axe-core/axe.min.js");
  } catch {
    return null;
  }
})();

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it stands, or only the `rules` named; each
 * violation with its elements and, for each, why it fails.
 */
let axeSource: string | undefined;

export async function axeViolations(page: Page, rules?: string[]): Promise<string[]> {
  if (!axePath || !existsSync(axePath)) throw new Error("axe-core is not installed (a dev dependency)");
  axeSource ??= readFileSync(axePath, "utf8");
  // once per document: a second audit of the same page (after a click, in the other theme) reuses it
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axeSource);
  // colours are judged as they settle, not halfway through a fade (a toast fading in); endless ones are not waited for
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 1000)),
    ]),
  );
  const runOnly = rules
    ? { type: "rule", values: rules }
    : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] };
  const violations = await page.evaluate(async (only) => {
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: unknown }> } }
    ).axe;
    // only violations are read: axe then skips building selectors and summaries for every passing
    // node, which is most of its time on a long page
    const result = await axe.run(document, { runOnly: only, resultTypes: ["violations"] });
    return result.violations as { id: string; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[];
  }, runOnly);
  return violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes.map((n) => `${JSON.stringify(n.target)}${n.failureSummary ? ` (${n.failureSummary})` : ""}`).join("; ")}`,
  );
}

/** Chrome on an Android phone, as Lighthouse's mobile run presents itself. */
export const androidUserAgent =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

export interface LayoutShift {
  value: number;
  startTime: number;
  hadRecentInput: boolean;
  /** where the shifted boxes were and went: "x,y w×h → x,y w×h" */
  moved: string[];
}

/** The layout shifts the page has recorded since it started loading (a buffered observer). */
export function layoutShifts(page: Page): Promise<LayoutShift[]> {
  return page.evaluate(
    () =>
      new Promise<LayoutShift[]>((resolve) => {
        type Rect = { x: number; y: number; width: number; height: number };
        type Entry = PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
          sources: { previousRect: Rect; currentRect: Rect }[];
        };
        const rect = (r: Rect) =>
          `${Math.round(r.x)},${Math.round(r.y)} ${Math.round(r.width)}×${Math.round(r.height)}`;
        const shifts: LayoutShift[] = [];
        const observer = new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Entry[]) {
            shifts.push({
              value: entry.value,
              startTime: Math.round(entry.startTime),
              hadRecentInput: entry.hadRecentInput,
              moved: entry.sources.map((s) => `${rect(s.previousRect)} → ${rect(s.currentRect)}`),
            });
          }
        });
        observer.observe({ type: "layout-shift", buffered: true });
        // buffered entries arrive in a task of their own; none at all means no callback
        setTimeout(() => {
          observer.disconnect();
          resolve(shifts);
        }, 200);
      }),
  );
}

/** The title of the video the lists test publishes (content-lists.e2e.ts): not one of the demo items. */
export const freshVideoTitle = "刚刚发布：江澜今冬首场雪";

/** The demo items, without what the tests publish themselves, whichever test file ran first. */
export async function contentCards(): Promise<Card[]> {
  return (await demoCards(origin)).filter((card) => card.title !== freshVideoTitle) as Card[];
}

/** The share link of the nth demo item of a type. */
export function linkOf(cards: Card[], type: ItemType, nth = 0): string {
  const card = cards.filter((c) => c.content_type === type)[nth];
  if (!card) throw new Error(`no demo item of type ${type}`);
  return origin + card.content_link;
}

/** A page at `url` in a phone context of its own. */
export async function openPage(browser: Browser, url: string, options: { javaScriptEnabled?: boolean } = {}) {
  const context = await phoneContext(browser, options);
  const page = await context.newPage();
  const response = await page.goto(url);
  return { page, context, response };
}

/**
 * Each of `urls` in turn in one phone page, as a reader goes from page to page, and `check` on each
 * once it has loaded. A page of its own per address costs Chromium a context and a renderer each
 * (about 0.8 CPU-seconds more per page than going on in the same tab); the checks that need a first
 * visit's cold state (what a page loads, its storage) open a page of their own instead.
 */
export async function visitEach(
  browser: Browser,
  urls: Iterable<readonly [label: string, url: string]>,
  check: (page: Page, label: string, response: Response | null) => Promise<void>,
  options: { javaScriptEnabled?: boolean } = {},
): Promise<void> {
  const context = await phoneContext(browser, options);
  try {
    const page = await context.newPage();
    for (const [label, url] of urls) await check(page, label, await page.goto(url));
  } finally {
    await context.close();
  }
}

/**
 * A phone tab kept for the tests of a describe block that only look at pages: each goes on in it to
 * the page it reads, as a reader does, where a context of its own per test would cost Chromium a
 * renderer each. Made at the first call; closed with the block's browser connection. Tests of a first
 * visit, a login or a choice the next test would inherit open a context of their own.
 */
export function readerTab(browser: () => Browser): () => Promise<Page> {
  let tab: Page | undefined;
  return async () => {
    if (!tab || tab.isClosed()) tab = await (await phoneContext(browser())).newPage();
    return tab;
  };
}

/** A helper's parameters after its browser, which `useContentPages` supplies. */
type DropBrowser<T extends unknown[]> = T extends [Browser, ...infer Rest] ? Rest : never;

/**
 * A browser and the demo's cards for the describe block it is called in (launched before its tests,
 * closed after), with the ways its tests open pages.
 */
export function useContentPages() {
  const state: { browser: Browser | null; cards: Card[] } = { browser: null, cards: [] };
  beforeAll(async () => {
    state.browser = await connectBrowser();
    state.cards = await contentCards();
  });
  afterAll(() => state.browser?.close());
  const browser = () => {
    if (!state.browser) throw new Error("the browser is launched before the tests");
    return state.browser;
  };
  return {
    browser,
    cards: () => state.cards,
    link: (type: ItemType, nth = 0) => linkOf(state.cards, type, nth),
    open: (url: string, options: { javaScriptEnabled?: boolean } = {}) => openPage(browser(), url, options),
    visitEach: (...args: DropBrowser<Parameters<typeof visitEach>>) => visitEach(browser(), ...args),
    close: (context: BrowserContext) => context.close(),
  };
}
