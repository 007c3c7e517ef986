import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromiumPath } from "@davmu/test-support/browser";
import { freePort } from "@davmu/test-support/free-port";

export interface RunningChromium {
  port: number;
  version: string;
  close(): Promise<void>;
}

/** Debian's Chromium, headless, with a DevTools port for Lighthouse (tools may not download browsers here). */
export async function startChromium(): Promise<RunningChromium> {
  const port = await freePort();
  const profile = mkdtempSync(join(tmpdir(), "davmu-chromium-"));
  const child: ChildProcess = spawn(
    chromiumPath,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--no-default-browser-check",
      `--remote-debugging-port=${port}`,
      `--user-data-dir=${profile}`,
      "about:blank",
    ],
    { stdio: "ignore" },
  );
  const deadline = Date.now() + 20000;
  let version = "";
  while (!version) {
    if (child.exitCode !== null) throw new Error(`Chromium exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error("Chromium did not open its DevTools port");
    try {
      const info = (await (await fetch(`http://127.0.0.1:${port}/json/version`)).json()) as { Browser: string };
      version = info.Browser;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    port,
    version,
    async close() {
      const exited = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await exited;
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
