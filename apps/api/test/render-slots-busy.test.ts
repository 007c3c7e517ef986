import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSiteBuilt, startTestServer, type TestServer, testDialect } from "./helper.ts";

const phone =
  "Mozilla/5.0 (Linux; Android 12; V2055A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5061 MMWEBSDK/20230303 MMWEBID/8452 MicroMessenger/8.0.34.2340(0x2800225D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 Process/toolsmp";

/**
 * Pages rendered at once (decision 082), against the real product: a signed-in visitor's page (a
 * cookie: never answered from the page cache) asked for by more than the slots serve in the wait's
 * bound. A file of its own: the site's module state (its API client, its shared answers) is one per
 * process, so each server with other settings runs in a process of its own.
 */
async function articlePath(server: TestServer): Promise<string> {
  const token = await server.anonymousToken();
  const { body } = await server.get(`/inner/static/content/${await server.demoPostId("demo-article-01")}`, token);
  return new URL((body.data as { share_link: string }).share_link).pathname;
}

/**
 * A visitor's page, each on a connection of its own that closes with the answer (many visitors, not
 * one client's pool of kept-alive connections, which would hold the server's close).
 */
function render(server: TestServer, path: string, signal?: AbortSignal) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; html: string }>(
    (resolve, reject) => {
      const request = httpRequest(
        server.base + path,
        { agent: false, signal, headers: { "user-agent": phone, cookie: "visitor=1", connection: "close" } },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("end", () =>
            resolve({
              status: response.statusCode ?? 0,
              headers: response.headers,
              html: Buffer.concat(chunks).toString("utf8"),
            }),
          );
          response.on("error", reject);
        },
      );
      request.on("error", reject);
      request.end();
    },
  );
}

describe(`a render that waits past its bound (${testDialect})`, () => {
  let server: TestServer;
  let path: string;
  const previousApiBase = process.env.API_BASE;

  beforeAll(async () => {
    ensureSiteBuilt();
    server = await startTestServer({ SERVE_WEB: "true", WEB_RENDER_SLOTS: "1", WEB_RENDER_WAIT_MS: "100" });
    process.env.API_BASE = server.base;
    path = await articlePath(server);
  }, 120000);
  afterAll(async () => {
    process.env.API_BASE = previousApiBase;
    await server?.close();
  });

  it("R-WEB-SSR R-SRV-7 one slot, a 100 ms wait and a hundred visitors at once: a short 503 page with Retry-After, never a 500 or a hang; then pages again", async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, async () => {
        return render(server, path);
      }),
    );
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
    const alone = await render(server, path);
    expect(alone.status).toBe(200);
    expect(alone.html).toMatch(/<h1\b/);
  }, 60000);
});
