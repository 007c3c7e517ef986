import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FakeWechat, fakeWechatDefaults, startFakeWechat } from "@davmu/test-support/fake-wechat";
import { freePort } from "@davmu/test-support/free-port";
import { createAdminByCommand } from "./setup/editor-account.ts";

/**
 * The built product configured for WeChat sharing, for the WeChat browser tests: its own process on
 * a seeded SQLite file, signing against the fake WeChat API on loopback (the shared test server runs
 * without WeChat credentials, as most deployments start).
 */
export interface WechatProduct {
  origin: string;
  fake: FakeWechat;
  editorKey: string;
  /** An admin's login on this product (the open-app outcomes need an editor's session). */
  editorAccount: { email: string; password: string };
  openAppId: string;
  close(): Promise<void>;
}

const root = fileURLToPath(new URL("../../../", import.meta.url));

export async function startWechatProduct(): Promise<WechatProduct> {
  const fake = await startFakeWechat(fakeWechatDefaults);
  const dir = mkdtempSync(join(tmpdir(), "davmu-e2e-wechat-"));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const editorKey = "e2e-wechat-editor-key-0123456789";
  const openAppId = "wx00a1b2c3d4e5f601";
  const env = {
    ...process.env,
    NODE_ENV: "production",
    HASHID_SALT: "e2e-wechat-salt",
    DATABASE_URL: `sqlite:${join(dir, "e2e.db")}`,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: "warn",
    OTP_SECRET: "e2e-otp-secret-e2e-otp-secret-e2e-otp",
    SMS_TRANSPORT: "aliyun",
    SMS_ENDPOINT: "http://127.0.0.1:9",
    SMS_ACCESS_KEY_ID: "unused",
    SMS_ACCESS_KEY_SECRET: "unused",
    SMS_SIGN_NAME: "江澜新闻",
    SMS_TEMPLATE_CODE: "SMS_UNUSED",
    EDITOR_API_KEY: editorKey,
    WECHAT_APP_ID: fakeWechatDefaults.appId,
    WECHAT_APP_SECRET: fakeWechatDefaults.appSecret,
    WECHAT_API_BASE: fake.base,
    WECHAT_OPEN_APP_ID: openAppId,
  };
  const seeded = spawnSync(process.execPath, ["tools/demo/src/seed-cli.ts"], { cwd: root, env, encoding: "utf8" });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
  const editorAccount = { email: "admin@wechat.e2e.test", password: "e2e-wechat-admin-password" };
  createAdminByCommand(root, env, editorAccount);
  let output = "";
  const server: ChildProcess = spawn(process.execPath, ["apps/api/src/main.ts"], {
    cwd: root,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk) => {
    output += chunk;
  });
  server.stderr?.on("data", (chunk) => {
    output += chunk;
  });
  const deadline = Date.now() + 90000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited with ${server.exitCode}:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not become ready:\n${output}`);
    const ready = await fetch(`${origin}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    fake,
    editorKey,
    editorAccount,
    openAppId,
    async close() {
      const exited = new Promise((resolve) => server.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
      await fake.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
