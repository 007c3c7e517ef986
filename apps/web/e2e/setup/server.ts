import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { browserLaunchOptions } from "@davmu/test-support/browser";
import { startFakeAliyunSms } from "@davmu/test-support/fake-aliyun-sms";
import { freePort } from "@davmu/test-support/free-port";
import { type BrowserServer, chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { createAdminByCommand } from "./editor-account.ts";

/** Browser tests run against the real product: built site, API and a seeded SQLite file, on loopback. */

/** One product server of the browser files: each worker has its own (its database, SMS outbox, limits). */
export interface SiteServer {
  origin: string;
  /**
   * Codes the product "sent" by SMS: the server runs in production mode with the real Alibaba
   * Cloud adapter pointed at a loopback stand-in; GET `${smsOutboxUrl}?tel=…` lists them.
   */
  smsOutboxUrl: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    /** The servers, one per worker: a file uses the one of its worker (`site.ts`). */
    siteServers: SiteServer[];
    /**
     * A Chromium per worker, started once for the run: each file connects to its worker's
     * (`site.ts` connectBrowser) rather than starting a browser of its own, about a CPU-second each.
     */
    browserEndpoints: string[];
    /** The editors' API key the product runs with (the content import alone: POST /editor/v1/contents). */
    editorApiKey: string;
    /** An admin's login, made by `npm run editor -- create` (every other editors' call needs a session). */
    editorAccount: { email: string; password: string };
  }
}

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const node = process.execPath;

async function waitForReady(origin: string, server: ChildProcess, log: () => string) {
  const deadline = Date.now() + 30000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${log()}`);
    try {
      const response = await fetch(`${origin}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not become ready:\n${log()}`);
}

const editorApiKey = "e2e-editor-key-e2e-editor-key";
/** The admin each server is given, as a newsroom makes its first (`npm run editor -- create`). */
const editorAccount = { email: "admin@e2e.test", password: "e2e-admin-password-0001" };

/** A seeded product server of its own, with its own SMS stand-in; resolves once it is ready. */
async function startSiteServer() {
  const dir = mkdtempSync(join(tmpdir(), "davmu-e2e-"));
  const port = await freePort();
  const smsKeys = { accessKeyId: "e2e-key-id", accessKeySecret: "e2e-key-secret" };
  const sms = await startFakeAliyunSms(smsKeys);
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HASHID_SALT: "e2e-salt",
    DATABASE_URL: `sqlite:${join(dir, "e2e.db")}`,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    LOG_LEVEL: "warn",
    OTP_SECRET: "e2e-otp-secret-e2e-otp-secret-e2e-otp",
    SMS_TRANSPORT: "aliyun",
    SMS_ENDPOINT: sms.endpoint,
    SMS_ACCESS_KEY_ID: smsKeys.accessKeyId,
    SMS_ACCESS_KEY_SECRET: smsKeys.accessKeySecret,
    SMS_SIGN_NAME: "江澜新闻",
    SMS_TEMPLATE_CODE: "SMS_E2E_LOGIN",
    EDITOR_API_KEY: editorApiKey,
    // every browser of the suite asks for its anonymous token, its SMS codes and its logins from 127.0.0.1
    // (the per-address limits have API tests of their own)
    ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: "100000",
    OTP_PER_IP_PER_HOUR: "100000",
    LOGIN_PER_IP_PER_MINUTE: "100000",
  };
  const seeded = spawnSync(node, ["tools/demo/src/seed-cli.ts"], { cwd: root, env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
  createAdminByCommand(root, env, editorAccount);

  let output = "";
  const server = spawn(node, ["apps/api/src/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForReady(origin, server, () => output);
  return {
    site: { origin, smsOutboxUrl: `${sms.endpoint}/outbox` } satisfies SiteServer,
    async stop() {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      await sms.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One server per worker: the browser files run several at a time, each against a product of its
 * worker's own, so no file sees another's logins, comments or counted events mid-run.
 */
export default async function setup(project: TestProject) {
  const builds = ["apps/web/build/server/index.js", "apps/console/build/index.html"];
  if (!builds.every((file) => existsSync(join(root, file)))) {
    const built = spawnSync("npm", ["run", "build"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("building the site and the console failed");
  }
  const config = project.globalConfig;
  const workers = Math.max(1, Number(config.maxWorkers) || 1);
  const servers = await Promise.all(Array.from({ length: workers }, startSiteServer));
  const browsers: BrowserServer[] = await Promise.all(
    Array.from({ length: workers }, async () =>
      chromium.launchServer(await browserLaunchOptions({ headlessShell: true })),
    ),
  );
  project.provide(
    "siteServers",
    servers.map((server) => server.site),
  );
  project.provide(
    "browserEndpoints",
    browsers.map((browser) => browser.wsEndpoint()),
  );
  project.provide("editorApiKey", editorApiKey);
  project.provide("editorAccount", editorAccount);

  return async () => {
    await Promise.all([...servers.map((server) => server.stop()), ...browsers.map((browser) => browser.close())]);
  };
}
