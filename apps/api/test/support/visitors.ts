import { request as httpRequest } from "node:http";
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
 * on a connection of its own that closes with the answer: many visitors, not one client's pool of
 * kept-alive connections, which would hold the server's close.
 */
export function visitPage(server: TestServer, path: string, signal?: AbortSignal): Promise<VisitorAnswer> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      server.base + path,
      { agent: false, signal, headers: { "user-agent": wechatAndroid, cookie: "visitor=1", connection: "close" } },
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
