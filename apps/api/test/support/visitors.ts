import { type Agent, request as httpRequest } from "node:http";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
import { ensureSiteBuilt, startTestServer, type TestServer } from "../helper.ts";

/** WeChat for Android as most readers have it (`Process/toolsmp`), from the corpus of real user agents. */
export const wechatAndroid = (() => {
  const agent = corpus.agents.find((a) => !a.robot && /Android.*MicroMessenger\/8.*Process\/toolsmp/.test(a.ua));
  if (!agent) throw new Error("no WeChat for Android in the user-agent corpus");
  return agent.ua;
})();

/** The demo article's share path, as the API hands it out. */
export async function demoArticlePath(server: TestServer): Promise<string> {
  const token = await server.anonymousToken();
  const { body } = await server.get(`/inner/static/content/${await server.demoPostId("demo-article-01")}`, token);
  return new URL((body.data as { share_link: string }).share_link).pathname;
}

export interface VisitorAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  html: string;
}

/**
 * A signed-in visitor's page (a cookie: never answered from the page cache) in WeChat for Android,
 * compressed as that browser asks for it.
 * Without `agent`, on a connection of its own that closes with the answer: many visitors, not one
 * client's pool of kept-alive connections, which would hold the server's close. With one, on its
 * kept-alive connections (opened beforehand, so that many requests reach the server at once); the
 * caller destroys the agent before the server closes.
 */
export function visitPage(
  server: TestServer,
  path: string,
  { signal, agent }: { signal?: AbortSignal; agent?: Agent } = {},
): Promise<VisitorAnswer> {
  // as WeChat's web view asks: the page comes compressed (in zlib's pool, as it streams)
  const headers = {
    "user-agent": wechatAndroid,
    "accept-encoding": "gzip, deflate, br",
    cookie: "visitor=1",
    ...(agent ? {} : { connection: "close" }),
  };
  return new Promise((resolve, reject) => {
    const request = httpRequest(server.base + path, { agent: agent ?? false, signal, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const body = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const html = encoding === "br" ? brotliDecompressSync(body) : encoding === "gzip" ? gunzipSync(body) : body;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, html: html.toString("utf8") });
      });
      response.on("error", reject);
    });
    request.on("error", reject);
    request.end();
  });
}

/**
 * The product with the site, on its test database, with `env` besides; the site's server-side calls
 * go to it (API_BASE, put back on close). Answers it with the demo article's share path.
 */
export async function startSiteServer(env: Record<string, string>) {
  const previousApiBase = process.env.API_BASE;
  ensureSiteBuilt();
  const server = await startTestServer({ SERVE_WEB: "true", ...env });
  process.env.API_BASE = server.base;
  return {
    server,
    path: await demoArticlePath(server),
    async close() {
      process.env.API_BASE = previousApiBase;
      await server.close();
    },
  };
}
