import { type ChildProcess, spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { freePort } from "@davmu/test-support/free-port";

/** The site alone (SERVE_API=false) in front of an API that answers nothing: every call fails. */
export async function siteWithoutApi(): Promise<{ origin: string; stop: () => Promise<void> }> {
  const [port, deadPort] = [await freePort(), await freePort()];
  const root = fileURLToPath(new URL("../../../", import.meta.url));
  const server: ChildProcess = spawn(process.execPath, ["apps/api/src/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      SERVE_API: "false",
      API_BASE: `http://127.0.0.1:${deadPort}`,
      HASHID_SALT: "e2e-salt",
      DATABASE_URL: "sqlite::memory:",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "silent",
    },
    stdio: "ignore",
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`the site exited with ${server.exitCode}`);
    if (
      await fetch(`${origin}/readyz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error("the site did not become ready");
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    const exited = new Promise((resolve) => server.once("exit", resolve));
    server.kill("SIGTERM");
    await exited;
  };
  return { origin, stop };
}
