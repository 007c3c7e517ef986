import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { seedDemoData } from "@davmu/demo/seed";
import pg from "pg";
import { inject } from "vitest";
import { type App, type BuildOptions, buildApp } from "../src/app.ts";
import { type DatabaseHandle, openDatabase } from "../src/db/database.ts";
import { migrateToLatest } from "../src/db/migrate.ts";
import { type Config, loadConfig } from "../src/plugins/config.ts";
import { postgresTemplatePrefix } from "./setup/postgres-cluster.ts";

export const testEditorKey = "test-editor-key-0123456789abcdef";
/** scrypt's cost of editors' passwords in the suites: N = 2^10 (production refuses under 15). */
export const testPasswordCost = "10";

/** Builds the site once if no build is there yet, for tests that serve its pages. */
export function ensureSiteBuilt(): void {
  const root = new URL("../../../", import.meta.url).pathname;
  const builds = ["apps/web/build/server/index.js", "apps/console/build/index.html"];
  if (builds.every((file) => existsSync(`${root}${file}`))) return;
  const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) throw new Error("building the site failed");
}

/**
 * A GET (or HEAD) whose body is read as it came over the wire: fetch would decode it and hide its
 * encoding and length. Refused after 10 s without an answer.
 */
export function rawGet(
  url: string,
  headers: Record<string, string>,
  method: "GET" | "HEAD" = "GET",
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { method, headers, timeout: 10_000 }, (response) => {
      const parts: Buffer[] = [];
      response.on("data", (part: Buffer) => parts.push(part));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }),
      );
      response.on("error", reject);
    });
    sent.on("timeout", () => sent.destroy(new Error(`${url}: no answer within 10 s`)));
    sent.on("error", reject);
    sent.end();
  });
}

export const testDialect = process.env.TEST_DATABASE === "postgres" ? "postgres" : "sqlite";

export interface TestDatabase {
  handle: DatabaseHandle;
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of the dialect under test migrated once per process, which each test server's database
 * is copied from: the migrations ran again for every server (31 of them, about 0.3 s of a PostgreSQL
 * server's and the test's CPU each time), though each server's start only found them applied. The
 * migrations themselves are tested on empty databases (schema.test.ts).
 */
/** `make`'s promise, made at the first call and kept; a failure is not kept, so the next call tries again. */
function kept<T, A extends unknown[]>(make: (...args: A) => Promise<T>): (...args: A) => Promise<T> {
  let promise: Promise<T> | undefined;
  return (...args) => {
    if (!promise) {
      const made = make(...args);
      promise = made;
      made.catch(() => {
        if (promise === made) promise = undefined;
      });
    }
    return promise;
  };
}

const migratedSqliteFile = kept(async () => {
  // in the run's folder, which its set-up removes (setup/sqlite-templates.ts); a file run without that
  // set-up removes its own at exit
  const runDir = inject("sqliteTemplateDir");
  const dir = mkdtempSync(join(runDir ?? tmpdir(), "davmu-sqlite-template-"));
  if (!runDir) process.once("exit", () => rmSync(dir, { recursive: true, force: true }));
  const file = join(dir, "template.db");
  const handle = openDatabase(loadConfig({ DATABASE_URL: `sqlite:${file}` }).database);
  await migrateToLatest(handle.db);
  // closed, the last connection folds the write-ahead log into the file: the file alone is whole
  await handle.destroy();
  return file;
});

const migratedPostgresTemplate = kept(async (adminUrl: string) => {
  // dropped with the others of its run by the PostgreSQL set-up's end (setup/postgres-cluster.ts)
  const name = `${postgresTemplatePrefix}${randomBytes(6).toString("hex")}`;
  await adminStatement(adminUrl, `create database ${name}`);
  const handle = openDatabase(loadConfig({ DATABASE_URL: adminUrl.replace(/\/[^/]*$/, `/${name}`) }).database);
  await migrateToLatest(handle.db);
  await handle.destroy();
  return name;
});

/** Runs `statement` on the cluster as its admin, again while PostgreSQL says the database it names is in use (55006). */
async function adminStatement(adminUrl: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(statement);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "55006" || attempt >= 50) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
  } finally {
    await client.end();
  }
}

/**
 * A fresh database of the dialect under test: a temp SQLite file, or a new PostgreSQL database (its
 * handle's pool `PG_POOL_MAX` connections when `env` names it). Empty, or with `migrated` a copy of a
 * database migrated to the latest schema.
 */
export async function createTestDatabase(
  env: { PG_POOL_MAX?: string } = {},
  options: { migrated?: boolean } = {},
): Promise<TestDatabase> {
  if (testDialect === "sqlite") {
    const dir = mkdtempSync(join(tmpdir(), "davmu-sqlite-"));
    const file = join(dir, "test.db");
    if (options.migrated) copyFileSync(await migratedSqliteFile(), file);
    const url = `sqlite:${file}`;
    const config = loadConfig({ DATABASE_URL: url });
    const handle = openDatabase(config.database);
    return {
      handle,
      url,
      async drop() {
        await handle.destroy();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  const adminUrl = inject("postgresAdminUrl");
  const name = `t_${randomBytes(6).toString("hex")}`;
  // a template's copy needs it without connections: the one that migrated it may still be leaving
  const template = options.migrated ? ` template ${await migratedPostgresTemplate(adminUrl)}` : "";
  await adminStatement(adminUrl, `create database ${name}${template}`);
  const url = adminUrl.replace(/\/[^/]*$/, `/${name}`);
  const handle = openDatabase(
    loadConfig({ DATABASE_URL: url, ...(env.PG_POOL_MAX ? { PG_POOL_MAX: env.PG_POOL_MAX } : {}) }).database,
  );
  return {
    handle,
    url,
    // waits for the pool's connections to leave rather than terminating them mid-close
    drop: async () => {
      await handle.destroy();
      await adminStatement(adminUrl, `drop database if exists ${name}`);
    },
  };
}

export interface TestServer {
  app: App;
  /** http://127.0.0.1:<port> */
  base: string;
  database: TestDatabase;
  config: Config;
  close(): Promise<void>;
  /** A fresh anonymous token. */
  anonymousToken(): Promise<string>;
  /** Logs a phone in through the real SMS-code flow (development outbox); registers it when new. */
  login(phone: string): Promise<{ token: string; userId: string }>;
  /** The latest code the development transport "sent" to a phone. */
  lastCode(phone: string): Promise<string | undefined>;
  /**
   * Seeds the demo organisation once (without its three weeks of readership, four fifths of a seed's
   * time, unless `readership` is asked for; a later call with it adds it).
   */
  seedDemo(options?: { readership?: boolean }): Promise<void>;
  /** Seeds the demo organisation (`seedDemo`) and answers a demo article's public id by its external id. */
  demoPostId(externalId?: string): Promise<string>;
  delete(path: string, token?: string | null, headers?: Record<string, string>): Promise<{ status: number; body: any }>;
  get(
    path: string,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  post(
    path: string,
    body: unknown,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
  put(
    path: string,
    body: unknown,
    token?: string | null,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any }>;
}

/**
 * Boots the whole API on a loopback port over a fresh database, as production runs it.
 * `extend` may add routes before the server starts (to provoke failures, say).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  extend?: (app: App) => void | Promise<void>,
  options: { logger?: BuildOptions["logger"] } = {},
): Promise<TestServer> {
  // the app runs on this database's handle: a pool size the test names is its pool's
  const database = await createTestDatabase(env, { migrated: true });
  const config = loadConfig({
    NODE_ENV: "test",
    SERVE_WEB: "false",
    DATABASE_URL: database.url,
    // every test client shares 127.0.0.1: per-IP caps are raised unless a test is about them
    OTP_PER_IP_PER_HOUR: "10000",
    LOGIN_PER_IP_PER_MINUTE: "10000",
    COMMENTS_PER_IP_PER_MINUTE: "10000",
    ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "10000",
    EDITOR_API_KEY: testEditorKey,
    // editors' password hashes at 2^10 rather than production's 2^15: a login in a test costs 1 ms of
    // CPU, not 120 (decision 087)
    EDITOR_PASSWORD_COST: testPasswordCost,
    ...env,
  });
  const app = await buildApp(config, { database: database.handle, logger: options.logger ?? false });
  if (extend) await extend(app);
  await app.listen({ host: "127.0.0.1", port: 0 });
  const address = app.server.address();
  const base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  async function request(method: string, path: string, body: unknown, token?: string | null, headers = {}) {
    const init: RequestInit = { method, headers: { ...(token ? { authorization: token } : {}), ...headers } };
    if (body !== undefined) {
      init.body = typeof body === "string" ? body : JSON.stringify(body);
      (init.headers as Record<string, string>)["content-type"] ??= "application/json";
    }
    const response = await fetch(base + path, init);
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { status: response.status, body: parsed as any, headers: response.headers };
  }

  let seeded: "catalogue" | "readership" | undefined;
  const server: TestServer = {
    app,
    base,
    database,
    config,
    async close() {
      await app.close();
      await database.drop();
    },
    async anonymousToken() {
      const answer = await request("POST", "/peony/v1/auth", { appid: 1, platform: "mobile" });
      return answer.body.data.token as string;
    },
    async lastCode(phone) {
      const answer = await request("GET", `/dev/sms-outbox?tel=${phone}`, undefined);
      return answer.body.data.list[0]?.code as string | undefined;
    },
    async login(phone) {
      const anonymous = await server.anonymousToken();
      const sent = await request("GET", `/peony/v1/vcode?tel=${phone}&type=6`, undefined, anonymous);
      if (sent.body.code !== 0) throw new Error(`vcode failed: ${JSON.stringify(sent.body)}`);
      const code = await server.lastCode(phone);
      const answer = await request("POST", "/peony/v1/auth", {
        appid: 1,
        platform: "mobile",
        account: phone,
        verify_code: code,
      });
      if (answer.body.code !== 0) throw new Error(`login failed: ${JSON.stringify(answer.body)}`);
      return { token: answer.body.data.token as string, userId: answer.body.data.user_id as string };
    },
    async seedDemo({ readership = false } = {}) {
      if (seeded === "readership" || (seeded === "catalogue" && !readership)) return;
      await seedDemoData(database.handle.db, Date.now(), { readership });
      seeded = readership ? "readership" : "catalogue";
    },
    async demoPostId(externalId = "demo-article-01") {
      await server.seedDemo();
      const row = await database.handle.db
        .selectFrom("contents")
        .select("id")
        .where("external_id", "=", externalId)
        .executeTakeFirstOrThrow();
      return createPublicIdCodec(config.hashidSalt, config.hashidMinLength).encode(row.id);
    },
    delete: (path, token, headers) => request("DELETE", path, undefined, token, headers),
    get: (path, token, headers) => request("GET", path, undefined, token, headers),
    post: (path, body, token, headers) => request("POST", path, body, token, headers),
    put: (path, body, token, headers) => request("PUT", path, body, token, headers),
  };
  return server;
}
