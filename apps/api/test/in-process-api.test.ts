import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSiteBuilt, startTestServer, type TestServer, testDialect } from "./helper.ts";
import { expectReceiptLookupsLimited } from "./tip-helpers.ts";

const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44";
const asHtml = (text: string) => text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;");

/**
 * A server of the site with the API in one process, started before a describe's tests and closed after
 * them: no API_BASE, so the site reaches the API at its default address, this process's own; that names
 * a port where nothing listens, so only a call in process reaches the API. `onStart` is given the
 * server once it is started, before the tests.
 */
function serveWithApiInProcess(env: Record<string, string>, extend?: Parameters<typeof startTestServer>[1]) {
  let server: TestServer | undefined;
  let started: (server: TestServer) => void = () => {};
  const previous = { API_BASE: process.env.API_BASE, PORT: process.env.PORT };
  beforeAll(async () => {
    ensureSiteBuilt();
    delete process.env.API_BASE;
    process.env.PORT = "9";
    server = await startTestServer({ SERVE_WEB: "true", ...env }, extend);
    started(server);
  }, 120000);
  afterAll(async () => {
    for (const [name, value] of Object.entries(previous)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await server?.close();
  });
  return {
    onStart(use: (server: TestServer) => void) {
      started = use;
    },
  };
}

describe(`the site's calls to the API it shares a process with, in process (${testDialect})`, () => {
  let server: TestServer;
  const seen: Array<{ url: string; userAgent: string | undefined; ip: string; authorized: boolean }> = [];
  let connections = 0;

  serveWithApiInProcess({}, (app) => {
    app.addHook("onRequest", (request, _reply, done) => {
      seen.push({
        url: request.url,
        userAgent: request.headers["user-agent"],
        ip: request.ip,
        authorized: request.headers.authorization !== undefined,
      });
      done();
    });
  }).onStart((started) => {
    server = started;
    server.app.server.on("connection", () => connections++);
  });

  it("R-WEB-SSR an article is rendered from the API in process: every call passes Fastify's hooks, none goes over HTTP", async () => {
    const postId = await server.demoPostId("demo-article-02");
    const token = await server.anonymousToken();
    const { body } = await server.get(`/inner/static/content/${postId}`, token);
    const item = body.data as { title: string; share_link: string };
    seen.length = 0;
    connections = 0;
    const page = await fetch(server.base + new URL(item.share_link).pathname, { headers: { "user-agent": phone } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect([...html.matchAll(/<h1\b[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1])).toContain(asHtml(item.title));
    // the page's own request, and the site's calls injected (light-my-request's user agent), from 127.0.0.1
    const calls = seen.filter((request) => !request.url.startsWith("/davmu/share/"));
    // the item itself (a media account's article loads from /dinner/content/), then its lists
    expect(calls.map((call) => call.url)).toEqual(
      expect.arrayContaining(["/peony/v1/auth", expect.stringMatching(new RegExp(`/content/${postId}$`))]),
    );
    for (const call of calls) {
      expect(call).toMatchObject({ userAgent: "lightMyRequest", ip: "127.0.0.1" });
    }
    // past the anonymous login, the site's calls carry its token: the API's auth checks them as any other
    expect(calls.filter((call) => call.url !== "/peony/v1/auth").every((call) => call.authorized)).toBe(true);
    // one connection at most: the test's own, none from the site to itself
    expect(connections).toBeLessThanOrEqual(1);
  });

  // last: it stops the server
  it("R-WEB-SSR R-REL-2 a page asked for on a kept-alive connection during a drain's grace is rendered, its API calls answered in process", async () => {
    const token = await server.anonymousToken();
    const pathOf = async (slug: string) => {
      const { body } = await server.get(`/inner/static/content/${await server.demoPostId(slug)}`, token);
      return new URL((body.data as { share_link: string }).share_link).pathname;
    };
    const first = await pathOf("demo-article-02");
    // an article no render has read yet: its render must call the API
    const second = await pathOf("demo-article-03");
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    // a cookie: rendered for this visitor, never the kept page
    const ask = (path: string) =>
      new Promise<{ status: number; connection: string | undefined; html: string; reused: boolean }>(
        (resolve, reject) => {
          const req = request(
            `${server.base}${path}`,
            { agent, headers: { "user-agent": phone, cookie: "davmu_visit=1" }, timeout: 20000 },
            (res) => {
              let html = "";
              res.setEncoding("utf8");
              res.on("data", (chunk) => {
                html += chunk;
              });
              res.on("end", () =>
                resolve({
                  status: res.statusCode ?? 0,
                  connection: res.headers.connection,
                  html,
                  reused: req.reusedSocket,
                }),
              );
            },
          );
          req.on("error", reject);
          req.on("timeout", () => req.destroy(new Error("timeout")));
          req.end();
        },
      );
    expect((await ask(first)).status).toBe(200);
    // the listener closes; requests on open connections are answered for the grace (1 s here)
    const drained = server.app.drain(1000);
    seen.length = 0;
    const during = await ask(second);
    // its render called the API in process, after the app had started closing
    expect(seen.filter((call) => !call.url.startsWith("/davmu/share/")).length).toBeGreaterThan(0);
    expect(during.reused).toBe(true);
    expect(during.status).toBe(200);
    expect(during.connection).toBe("close");
    expect(during.html).toMatch(/<h1\b/);
    await drained;
    agent.destroy();
  });
});

describe(`a page's calls in process come from its visitor's address (${testDialect})`, () => {
  let server: TestServer;
  // behind a proxy on this machine, as deployed: the visitor's address comes from X-Forwarded-For
  serveWithApiInProcess({ TRUST_PROXY: "127.0.0.1" }).onStart((started) => {
    server = started;
  });

  it("R-TIP-1 R-SEC-RATE receipt pages looked up from one address stop at the API's per-address limit (429); another address and the loopback still read theirs", async () => {
    await expectReceiptLookupsLimited(server, server.base);
  }, 60_000);
});
