/**
 * What the island pages' browser tests share (decisions 053, 056, 058): the scripts a page requested,
 * whether React was among them, and a page opened and left idle with every island asleep.
 */
import { hydrated, phoneContext } from "@davmu/test-support/browser";
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";

/** The scripts a page requested, by file name. */
export function scriptsOf(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") seen.push(new URL(request.url()).pathname.replace(/^.*\//, ""));
  });
  return seen;
}

export const reactChunks = (scripts: string[]) =>
  scripts.filter((s) =>
    /^(vendor|hydrate|site|detail-islands|FollowButton|OpenAppDialog|LoginHost|Toaster|entry\.client)-[\w-]{8}\.js$/.test(
      s,
    ),
  );

/**
 * A page on a phone, started and idle for a second with nothing of React requested: every
 * island still asleep until a test's tap.
 */
export async function openAsleep(browser: Browser, url: string) {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const scripts = scriptsOf(page);
  await settleAsleep(page, url, scripts);
  return { context, page, scripts };
}

/** `page` at `url`, started and idle for a second, with nothing of React in the `scripts` it requested. */
async function settleAsleep(page: Page, url: string, scripts: string[], label?: string): Promise<void> {
  await page.goto(url);
  await hydrated(page);
  await page.waitForTimeout(1000);
  expect(reactChunks(scripts), label).toEqual([]);
}

/**
 * Each of `urls` in turn in one phone tab, as a reader goes on from page to page, each started and idle
 * for a second with nothing of React requested, then `check`ed with the scripts it requested. A
 * chunk the first of them wrongly loads is requested there and fails it; a tab of its own per page
 * would cost Chromium a context and a renderer each.
 */
export async function asleepEach(
  browser: Browser,
  urls: Iterable<readonly [label: string, url: string]>,
  check: (page: Page, label: string, scripts: string[]) => Promise<void>,
): Promise<void> {
  const context = await phoneContext(browser);
  try {
    const page = await context.newPage();
    const scripts = scriptsOf(page);
    for (const [label, url] of urls) {
      scripts.length = 0;
      await settleAsleep(page, url, scripts, label);
      await check(page, label, scripts);
      // nor while it was checked: a chunk requested late would be in the tab's cache for the next page
      expect(reactChunks(scripts), `${label}, after its checks`).toEqual([]);
    }
  } finally {
    await context.close();
  }
}
