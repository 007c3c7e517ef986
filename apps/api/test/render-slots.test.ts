import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testDialect } from "./helper.ts";
import { startSiteServer, visitPage } from "./support/visitors.ts";

/**
 * Pages rendered at once (decision 082), against the real product: a signed-in visitor's page (a
 * cookie: never answered from the page cache) asked for by many at once.
 */

describe(`renders take their turn (${testDialect})`, () => {
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  let server: TestServer;
  let path: string;

  beforeAll(async () => {
    site = await startSiteServer({ WEB_RENDER_SLOTS: "2", WEB_RENDER_WAIT_MS: "60000" });
    ({ server, path } = site);
  }, 120000);
  afterAll(async () => {
    await site?.close();
  });

  it("R-WEB-SSR two slots and forty visitors at once: every page is rendered in full, none refused", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const { status, html } = await visitPage(server, path);
        return { status, html };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    for (const { html } of answers) expect(html).toMatch(/<h1\b[^>]*>[^<]+<\/h1>[\s\S]*<\/html>$/);
  }, 60000);

  it("R-WEB-SSR visitors who leave while waiting give up their turn: the slots are free for the next", async () => {
    const leaving = Array.from({ length: 20 }, () => new AbortController());
    const left = leaving.map((controller) => visitPage(server, path, { signal: controller.signal }).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const controller of leaving) controller.abort();
    await Promise.all(left);
    const started = performance.now();
    const answers = await Promise.all([visitPage(server, path), visitPage(server, path), visitPage(server, path)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // not stuck behind slots the leavers held: well inside the wait's bound
    expect(performance.now() - started).toBeLessThan(20000);
  }, 60000);
});
