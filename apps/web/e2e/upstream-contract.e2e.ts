import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@davmu/test-support/free-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { site } from "./setup/site.ts";

/**
 * The site alone (SERVE_API=false) in front of an API that answers some calls in the wrong shape: a
 * loopback upstream that passes every call to the real API and spoils the ones a test names.
 */
const apiOrigin = site.origin;
const root = fileURLToPath(new URL("../../../", import.meta.url));
const fakeTraceId = "upstream-trace-7f3a";
/** A cookie keeps a request out of the page cache: every request here is rendered anew. */
const unshared = { cookie: "visited=1" };

/** How the upstream spoils the content item call for the next requests. */
let spoil: "none" | "wrong-shape" | "not-json" | "no-data" = "none";

function startUpstream(port: number): Promise<Server> {
  const server = createServer(async (req, res) => {
    const url = req.url ?? "/";
    // an item loads from /inner/static/content/ or, a media account's, from /dinner/content/
    if (spoil !== "none" && /^\/(inner\/static|dinner)\/content\//.test(url)) {
      res.setHeader("x-trace-id", fakeTraceId);
      res.setHeader("content-type", "application/json");
      if (spoil === "not-json") return res.end("<html>gateway</html>");
      if (spoil === "no-data") return res.end(JSON.stringify({ code: 0, msg: "ok", data: null }));
      return res.end(JSON.stringify({ code: 0, msg: "ok", data: { post_id: 42, title: ["not", "a", "title"] } }));
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string" && name !== "host" && name !== "connection") headers.set(name, value);
    }
    const upstream = await fetch(apiOrigin + url, {
      method: req.method,
      headers,
      body: chunks.length ? Buffer.concat(chunks) : undefined,
    });
    res.statusCode = upstream.status;
    upstream.headers.forEach((value, name) => {
      if (name !== "content-encoding" && name !== "content-length" && name !== "transfer-encoding") {
        res.setHeader(name, value);
      }
    });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

async function waitForReady(origin: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`site exited with ${child.exitCode}:\n${log()}`);
    try {
      if ((await fetch(`${origin}/healthz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`site did not become ready:\n${log()}`);
}

/** Share paths of the demo's articles: each case renders one no other case rendered (renders share an item's answer for a few seconds). */
async function articlePaths(): Promise<string[]> {
  const auth = await fetch(`${apiOrigin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "wap" }),
  }).then((r) => r.json());
  const list = await fetch(`${apiOrigin}/peony/v1/content?pageindex=1&pagesize=30`, {
    headers: { authorization: auth.data.token, "X-Request-Id": "upstream-contract-test" },
  }).then((r) => r.json());
  return list.data.list
    .filter((card: { content_type: string }) => card.content_type === "article")
    .map((card: { content_link: string }) => new URL(card.content_link, apiOrigin).pathname);
}

describe("the site's server checks every API answer against its call's declaration", () => {
  let upstream: Server;
  let site: ChildProcess;
  let siteOrigin: string;
  let articles: string[];
  let log = "";
  const dir = mkdtempSync(join(tmpdir(), "davmu-site-only-"));

  beforeAll(async () => {
    const [upstreamPort, sitePort] = [await freePort(), await freePort()];
    upstream = await startUpstream(upstreamPort);
    siteOrigin = `http://127.0.0.1:${sitePort}`;
    site = spawn(process.execPath, ["apps/api/src/main.ts"], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "production",
        SERVE_API: "false",
        API_BASE: `http://127.0.0.1:${upstreamPort}`,
        HASHID_SALT: "e2e-salt",
        OTP_SECRET: "e2e-otp-secret-e2e-otp-secret-e2e-otp",
        SMS_TRANSPORT: "aliyun",
        SMS_ACCESS_KEY_ID: "unused",
        SMS_ACCESS_KEY_SECRET: "unused",
        SMS_SIGN_NAME: "江澜新闻",
        SMS_TEMPLATE_CODE: "SMS_UNUSED",
        DATABASE_URL: `sqlite:${join(dir, "site.db")}`,
        PORT: String(sitePort),
        HOST: "127.0.0.1",
        PUBLIC_ORIGIN: siteOrigin,
        LOG_LEVEL: "warn",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    site.stdout?.on("data", (chunk) => {
      log += chunk;
    });
    site.stderr?.on("data", (chunk) => {
      log += chunk;
    });
    await waitForReady(siteOrigin, site, () => log);
    articles = await articlePaths();
    expect(articles.length).toBeGreaterThanOrEqual(4);
  });

  afterAll(async () => {
    if (site && site.exitCode === null) {
      const exited = new Promise((resolve) => site.once("exit", resolve));
      site.kill("SIGTERM");
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    await new Promise((resolve) => upstream?.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("R-SRV-8 an answer in its declared shape renders the page", async () => {
    spoil = "none";
    const response = await fetch(siteOrigin + articles[0], { headers: unshared });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('class="article-title');
  });

  for (const [index, [kind, problem]] of (
    [
      ["wrong-shape", "a content item of the wrong shape"],
      ["no-data", "a success envelope without data"],
      ["not-json", "an answer that is not JSON"],
    ] as const
  ).entries()) {
    it(`R-SRV-8 ${problem} is the error page with 502, logged with the call and its trace id`, async () => {
      spoil = kind;
      log = "";
      const response = await fetch(siteOrigin + articles[index + 1], {
        headers: unshared,
        signal: AbortSignal.timeout(10_000),
      });
      expect(response.status).toBe(502);
      const html = await response.text();
      expect(html).toContain("<html");
      expect(html).not.toContain('class="article-title');
      await expect.poll(() => log, { timeout: 5_000 }).toMatch(/GET \/(inner\/static|dinner)\/content\//);
      const line = log.split("\n").find((l) => /\/(inner\/static|dinner)\/content\//.test(l)) ?? "";
      const entry = JSON.parse(line);
      expect(entry.status).toBe(200);
      expect(entry.call).toMatch(/^GET \/(inner\/static|dinner)\/content\/:id$/);
      expect(entry.problem).not.toBe("");
      if (kind === "not-json") {
        expect(entry.msg).toBe("API call failed");
      } else {
        expect(entry.msg).toBe("API answer does not match its declaration");
        expect(entry.traceId).toBe(fakeTraceId);
      }
    });
  }
});
