import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSiteBuilt, startTestServer, type TestServer, testDialect } from "./helper.ts";

const phone =
  "Mozilla/5.0 (Linux; Android 12; V2055A Build/SP1A.210812.003; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/107.0.5304.141 Mobile Safari/537.36 XWEB/5061 MMWEBSDK/20230303 MMWEBID/8452 MicroMessenger/8.0.34.2340(0x2800225D) WeChat/arm64 Weixin NetType/WIFI Language/zh_CN ABI/arm64 Process/toolsmp";

/**
 * Pages rendered at once (decision 082), against the real product: a signed-in visitor's page (a
 * cookie: never answered from the page cache) asked for by many at once.
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

describe(`renders take their turn (${testDialect})`, () => {
  let server: TestServer;
  let path: string;
  const previousApiBase = process.env.API_BASE;

  beforeAll(async () => {
    ensureSiteBuilt();
    server = await startTestServer({ SERVE_WEB: "true", WEB_RENDER_SLOTS: "2", WEB_RENDER_WAIT_MS: "60000" });
    process.env.API_BASE = server.base;
    path = await articlePath(server);
  }, 120000);
  afterAll(async () => {
    process.env.API_BASE = previousApiBase;
    await server?.close();
  });

  it("R-WEB-SSR two slots and forty visitors at once: every page is rendered in full, none refused", async () => {
    const answers = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const { status, html } = await render(server, path);
        return { status, html };
      }),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(40).fill(200));
    for (const { html } of answers) expect(html).toMatch(/<h1\b[^>]*>[^<]+<\/h1>[\s\S]*<\/html>$/);
  }, 60000);

  it("R-WEB-SSR visitors who leave while waiting give up their turn: the slots are free for the next", async () => {
    const leaving = Array.from({ length: 20 }, () => new AbortController());
    const left = leaving.map((controller) => render(server, path, controller.signal).catch(() => null));
    await new Promise((resolve) => setTimeout(resolve, 5));
    for (const controller of leaving) controller.abort();
    await Promise.all(left);
    const started = performance.now();
    const answers = await Promise.all([render(server, path), render(server, path), render(server, path)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
    // not stuck behind slots the leavers held: well inside the wait's bound
    expect(performance.now() - started).toBeLessThan(20000);
  }, 60000);
});
