import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "../../scripts/free-port.ts";

export const root = new URL("../../", import.meta.url).pathname;
export const node = process.execPath;
export const phoneUserAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2c) NetType/WIFI Language/zh_CN";

/** Production settings for a benchmark run: secrets are throwaway, the SMS provider is never called. */
export function productionEnv(port: number, databaseUrl: string): Record<string, string> {
  return {
    NODE_ENV: "production",
    HOST: "127.0.0.1",
    PORT: String(port),
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: "warn",
    HASHID_SALT: "bench-salt",
    OTP_SECRET: "bench-otp-secret-bench-otp-secret-bench",
    SMS_TRANSPORT: "aliyun",
    SMS_ENDPOINT: "http://127.0.0.1:9/",
    SMS_ACCESS_KEY_ID: "bench",
    SMS_ACCESS_KEY_SECRET: "bench",
    SMS_SIGN_NAME: "bench",
    SMS_TEMPLATE_CODE: "SMS_BENCH",
    EDITOR_API_KEY: "bench-editor-key-bench-editor-key",
  };
}

export interface RunningServer {
  origin: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function waitForOk(url: string, child: ChildProcess, log: () => string, timeoutMs = 120000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: process exited with ${child.exitCode}\n${log()}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not answer\n${log()}`);
}

export function spawnServer(
  args: string[],
  env: Record<string, string>,
  readyPath: string,
  origin: string,
  onClose?: () => void,
): Promise<RunningServer> {
  let output = "";
  const child = spawn(node, args, { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.on("data", (c) => {
    output = (output + c).slice(-20000);
  });
  child.stderr?.on("data", (c) => {
    output = (output + c).slice(-20000);
  });
  const server: RunningServer = {
    origin,
    env,
    async close() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once("exit", r));
        child.kill("SIGTERM");
        await exited;
      }
      onClose?.();
    },
  };
  return waitForOk(origin + readyPath, child, () => output).then(() => server);
}

/** The built product (site and API in one process) on a freshly seeded SQLite file. */
export async function startProduct(): Promise<RunningServer> {
  if (!existsSync(join(root, "apps/web/build/server/index.js"))) {
    const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
    if (built.status !== 0) throw new Error("building the site failed");
  }
  const dir = mkdtempSync(join(tmpdir(), "davmu-bench-"));
  const port = await freePort();
  const env = productionEnv(port, `sqlite:${join(dir, "bench.db")}`);
  const seeded = spawnSync(node, ["apps/api/src/db/cli.ts", "seed"], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: "utf8",
  });
  if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stdout}\n${seeded.stderr}`);
  return spawnServer(["apps/api/src/main.ts"], env, "/readyz", `http://127.0.0.1:${port}`, () =>
    rmSync(dir, { recursive: true, force: true }),
  );
}

/** The baseline: a Fastify hello-world in its own process, as the product runs. */
export async function startHelloWorld(): Promise<RunningServer> {
  const port = await freePort();
  return spawnServer(["bench/hello-world.ts"], { PORT: String(port) }, "/", `http://127.0.0.1:${port}`);
}

/** The newest demo article's share path, as the home page links it. */
export async function demoArticlePath(origin: string): Promise<string> {
  const html = await (await fetch(`${origin}/davmu/share/`, { headers: { "user-agent": phoneUserAgent } })).text();
  const match = /href="(\/davmu\/share\/[a-z-]+\/doc\/[^"]+\/index\.html)"/.exec(html);
  if (!match?.[1]) throw new Error("the home page links no article");
  return match[1];
}
