import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { seedDemoData } from "@davmu/demo/seed";
import { freePort } from "@davmu/test-support/free-port";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../src/db/migrate.ts";
import { createTestDatabase, type TestDatabase, testDialect } from "./helper.ts";

/**
 * The product in the shapes it is deployed in, as real processes (`node apps/api/src/main.ts`) on
 * loopback: an API-only process (SERVE_WEB=false) over the demo data, and a site-only process
 * (SERVE_API=false) rendering its pages from that API through API_BASE. Both run in production
 * mode, so both are held to production's configuration rules, read through the one schema.
 */

const root = fileURLToPath(new URL("../../../", import.meta.url));
const siteBuilt = existsSync(join(root, "apps/web/build/server/index.js"));
const salt = "deployments-test-salt";
const developmentSalt = "davmu-share-development-salt";
const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44";

/** What production asks of a process serving the API (the SMS provider is never called here). */
const apiSecrets = {
  OTP_SECRET: "deployments-test-otp-secret-0123456789",
  SMS_TRANSPORT: "aliyun",
  SMS_ENDPOINT: "http://127.0.0.1:9",
  SMS_ACCESS_KEY_ID: "deployments-key-id",
  SMS_ACCESS_KEY_SECRET: "deployments-key-secret",
  SMS_SIGN_NAME: "江澜新闻",
  SMS_TEMPLATE_CODE: "SMS_DEPLOYMENTS",
};

/** The text as React writes it into HTML. */
const asHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

interface Running {
  origin: string;
  child: ChildProcess;
  output: () => string;
}

function launch(env: Record<string, string>): { child: ChildProcess; output: () => string } {
  // only what the test gives it, so nothing of this process's environment leaks into the deployment
  const child = spawn(process.execPath, ["apps/api/src/main.ts"], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOST: "127.0.0.1", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  child.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  return { child, output: () => output };
}

/** Starts a process and waits (30 s at most) until it is ready. */
async function start(port: number, env: Record<string, string>): Promise<Running> {
  const { child, output } = launch({ ...env, PORT: String(port) });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the process exited with ${child.exitCode}:\n${output()}`);
    try {
      if ((await fetch(`${origin}/readyz`, { signal: AbortSignal.timeout(2000) })).ok) return { origin, child, output };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`the process was not ready within 30 s:\n${output()}`);
}

/** Ends a process: SIGTERM, then SIGKILL if it has not exited within 10 s. */
async function stop(running: Running | undefined): Promise<void> {
  const child = running?.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 10000);
  await exited;
  clearTimeout(timer);
}

/** Starts a process that should refuse its configuration; answers its exit code and output (30 s at most). */
async function refusedStart(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const port = await freePort();
  const { child, output } = launch({ ...env, PORT: String(port) });
  const timer = setTimeout(() => child.kill("SIGKILL"), 30000);
  const code = await new Promise<number | null>((resolve) => child.once("exit", (exitCode) => resolve(exitCode)));
  clearTimeout(timer);
  return { code, output: output() };
}

async function get(origin: string, path: string, init: RequestInit = {}) {
  const response = await fetch(origin + path, {
    redirect: "manual",
    ...init,
    headers: { "user-agent": phone, ...init.headers },
    signal: AbortSignal.timeout(15000),
  });
  return { status: response.status, text: await response.text() };
}

describe(`deployments: an API-only process and a site-only process calling it (${testDialect})`, () => {
  let database: TestDatabase;
  let sqliteDir: string;
  let api: Running | undefined;
  let site: Running | undefined;
  let sitePort: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    await migrateToLatest(database.handle.db);
    await seedDemoData(database.handle.db);
    sqliteDir = mkdtempSync(join(tmpdir(), "davmu-deployments-"));
    sitePort = await freePort();
    api = await start(await freePort(), {
      NODE_ENV: "production",
      SERVE_WEB: "false",
      DATABASE_URL: database.url,
      HASHID_SALT: salt,
      // share links point at the site, which another process serves
      PUBLIC_ORIGIN: `http://127.0.0.1:${sitePort}`,
      ...apiSecrets,
    });
  }, 90000);

  afterAll(async () => {
    await stop(site);
    await stop(api);
    await database?.drop();
    if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true });
  }, 60000);

  async function anonymousToken(origin: string): Promise<string> {
    const answer = await fetch(`${origin}/peony/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: 1, platform: "mobile" }),
      signal: AbortSignal.timeout(15000),
    });
    const body = (await answer.json()) as { code: number; data: { token: string } };
    expect(body.code).toBe(0);
    return body.data.token;
  }

  async function apiGet(path: string) {
    const origin = (api as Running).origin;
    const answer = await get(origin, path, { headers: { authorization: await anonymousToken(origin) } });
    expect(answer.status, path).toBe(200);
    const body = JSON.parse(answer.text);
    expect(body.code, path).toBe(0);
    return body.data;
  }

  const demoList = async (): Promise<Array<{ post_id: string; title: string; content_type: string }>> =>
    (await apiGet("/peony/v1/content?pagesize=10")).list;

  /** A demo article as the API-only process answers it: its title and share link. */
  async function demoArticle(): Promise<{ title: string; share_link: string }> {
    const article = (await demoList()).find((item) => item.content_type === "article");
    expect(article).toBeDefined();
    return apiGet(`/inner/static/content/${article?.post_id}`);
  }

  it("R-SRV-7 R-SRV-1 the API-only process answers API calls over the demo data", async () => {
    const list = await demoList();
    expect(list.length).toBeGreaterThan(0);
    expect(list.some((item) => item.content_type === "article")).toBe(true);
  });

  it("R-SRV-7 the API-only process serves no site: /davmu/share/ and a share link are 404", async () => {
    const origin = (api as Running).origin;
    expect((await get(origin, "/davmu/share/")).status).toBe(404);
    const article = await demoArticle();
    expect((await get(origin, new URL(article.share_link).pathname)).status).toBe(404);
  });

  describe.skipIf(!siteBuilt)(
    `site-only process${siteBuilt ? "" : " (skipped: apps/web/build is missing; run npm run build)"}`,
    () => {
      beforeAll(async () => {
        site = await start(sitePort, {
          NODE_ENV: "production",
          SERVE_API: "false",
          API_BASE: (api as Running).origin,
          HASHID_SALT: salt,
          // its own empty database: the pages' data can only come from the API-only process
          DATABASE_URL: `sqlite:${join(sqliteDir, "site.db")}`,
          PUBLIC_ORIGIN: `http://127.0.0.1:${sitePort}`,
        });
      }, 60000);

      it("R-SRV-7 the site-only process renders the home page from the other process's API", async () => {
        const list = await demoList();
        const home = await get((site as Running).origin, "/davmu/share/");
        expect(home.status).toBe(200);
        for (const item of list.slice(0, 3)) expect(home.text, item.title).toContain(asHtml(item.title));
      });

      it("R-SRV-7 the site-only process renders an article page from the other process's API", async () => {
        const article = await demoArticle();
        const link = new URL(article.share_link);
        expect(link.origin).toBe((site as Running).origin);
        const page = await get((site as Running).origin, link.pathname);
        expect(page.status).toBe(200);
        const headings = [...page.text.matchAll(/<h1\b[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1]);
        expect(headings).toContain(asHtml(article.title));
      });

      it("R-SRV-7 the site-only process answers no API path itself", async () => {
        const origin = (site as Running).origin;
        const auth = await fetch(`${origin}/peony/v1/auth`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({ appid: 1, platform: "mobile" }),
          signal: AbortSignal.timeout(15000),
        });
        expect(auth.status).toBe(404);
        for (const path of ["/peony/v1/content", "/inner/static/content/abc", "/peony/v1/search?keyword=老街"]) {
          expect((await get(origin, path)).status, path).toBe(404);
        }
      });
    },
  );
});

describe("deployments: production refuses the development hashid salt at start-up", () => {
  const siteOnly = {
    NODE_ENV: "production",
    SERVE_API: "false",
    API_BASE: "http://127.0.0.1:9",
    DATABASE_URL: "sqlite::memory:",
  };
  const apiOnly = { NODE_ENV: "production", SERVE_WEB: "false", DATABASE_URL: "sqlite::memory:", ...apiSecrets };

  it.each([
    ["a site-only", "unset", siteOnly, {}],
    ["a site-only", "the development salt", siteOnly, { HASHID_SALT: developmentSalt }],
    ["an API-only", "unset", apiOnly, {}],
    ["an API-only", "the development salt", apiOnly, { HASHID_SALT: developmentSalt }],
  ])("R-SRV-7 %s process with HASHID_SALT %s exits 78 naming the variable", async (_shape, _salt, env, saltEnv) => {
    const { code, output } = await refusedStart({ ...env, ...saltEnv });
    expect(code, output).toBe(78);
    const line = output.split("\n").find((text) => text.includes('"fatal"')) ?? "";
    expect(JSON.parse(line)).toMatchObject({ level: "fatal", variable: "HASHID_SALT" });
    expect(line).toContain("Invalid environment variable HASHID_SALT");
    expect(line).not.toContain(developmentSalt);
  });
});
