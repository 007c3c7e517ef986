import { Agent, get } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestServer, testDialect } from "./helper.ts";
import { startSiteServer, type VisitorAnswer, visitPage } from "./support/visitors.ts";

/**
 * Pages rendered at once (decision 082), against the real product: a signed-in visitor's page (a
 * cookie: never answered from the page cache) asked for by more than the slots serve in the wait's
 * bound. A file of its own: the site's module state (its API client, its shared answers) is one per
 * process, so each server with other settings runs in a process of its own.
 */

describe(`a render that waits past its bound (${testDialect})`, () => {
  let site: Awaited<ReturnType<typeof startSiteServer>>;
  let server: TestServer;
  let path: string;

  beforeAll(async () => {
    site = await startSiteServer({ WEB_RENDER_SLOTS: "1", WEB_RENDER_WAIT_MS: "100" });
    ({ server, path } = site);
  }, 120000);
  afterAll(async () => {
    await site?.close();
  });

  it("R-WEB-SSR R-SRV-7 one slot, a 100 ms wait and three hundred visitors at once: a short 503 page with Retry-After, never a 500 or a hang; then pages again", async () => {
    // one page first, so that the burst meets a warm server rather than its first render
    expect((await visitPage(server, path)).status).toBe(200);
    // the connections opened first, so that the pages are asked for at the same moment
    const agent = new Agent({ keepAlive: true, maxSockets: 300 });
    let answers: VisitorAnswer[];
    try {
      await Promise.all(
        Array.from(
          { length: 300 },
          () =>
            new Promise<void>((resolve, reject) =>
              get(`${server.base}/readyz`, { agent }, (response) => response.resume().on("end", resolve)).on(
                "error",
                reject,
              ),
            ),
        ),
      );
      answers = await Promise.all(Array.from({ length: 300 }, () => visitPage(server, path, { agent })));
    } finally {
      agent.destroy();
    }
    const statuses = new Set(answers.map((a) => a.status));
    expect([...statuses].sort()).toEqual([200, 503]);
    const busy = answers.find((a) => a.status === 503);
    expect(busy?.headers["retry-after"]).toBe("5");
    expect(busy?.headers["cache-control"]).toBe("no-store");
    expect(busy?.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(busy?.headers["content-security-policy"]).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'",
    );
    expect(busy?.html).toContain("访问人数较多，请稍后再试");
    // asking again is a link to the same page: no script runs there
    expect(busy?.html).toContain('<a href="">刷新重试</a>');
    expect(busy?.html).not.toContain("<script");
    // every slot came back: one visitor alone is rendered at once
    const alone = await visitPage(server, path);
    expect(alone.status).toBe(200);
    expect(alone.html).toMatch(/<h1\b/);
  }, 60000);
});
