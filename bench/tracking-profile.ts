/**
 * Profiles the API under the tracking bench's load: the API alone in production mode with
 * `--cpu-prof` (one profile per thread: the request thread and the tracking writer), loaded by
 * bench/tracking-load.ts for a warm-up and then `seconds`, as fast as it answers or at `rate`
 * batches a second; then stopped with SIGTERM. Prints the load's figures and, per thread, the
 * functions with the most self time.
 * Usage: node bench/tracking-profile.ts [sqlite|<postgres url>] [seconds=8] [rate=0] [profile folder]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@davmu/test-support/free-port";
import { productionEnv, root, waitForOk } from "@davmu/test-support/product";

const [database = "sqlite", seconds = "8", rate = "0", out = mkdtempSync(join(tmpdir(), "davmu-profile-"))] =
  process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "davmu-profile-db-"));
const url = database === "sqlite" ? `sqlite:${join(dir, "tracking.db")}` : database;
const port = await freePort();
const production = productionEnv(port, url);
const env = {
  ...process.env,
  ...production,
  SERVE_WEB: "false",
  // one bench client stands for many devices
  TRACKING_PER_DEVICE_PER_MINUTE: "1000000",
  TRACKING_JOURNAL_DIR: join(dir, "journal"),
};
const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${out}`, "apps/api/src/main.ts"], {
  cwd: root,
  env,
  stdio: ["ignore", "inherit", "inherit"],
});
const origin = `http://127.0.0.1:${port}`;
await waitForOk(`${origin}/readyz`, child, () => "");
const load = (s: string) =>
  new Promise<string>((resolve) => {
    const args = ["bench/tracking-load.ts", origin, s, production.HASHID_SALT as string, String(child.pid), rate];
    const c = spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    let o = "";
    c.stdout.on("data", (d) => (o += d));
    c.on("close", () => resolve(o.trim()));
  });
await load("2");
console.log(await load(seconds));
await new Promise((r) => setTimeout(r, 1500));
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));

interface Profile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
}
for (const file of readdirSync(out)) {
  const profile = JSON.parse(readFileSync(join(out, file), "utf8")) as Profile;
  const time = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const self = new Map<string, number>();
  let busy = 0;
  for (const node of profile.nodes) {
    const t = time.get(node.id) ?? 0;
    if (!t) continue;
    const { functionName, url: source, lineNumber } = node.callFrame;
    const key = `${functionName || "(anonymous)"} ${source.replace(/.*\/(node_modules|src)\//, "")}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + t);
    if (functionName !== "(idle)" && functionName !== "(program)") busy += t;
  }
  console.log(`\n${file}: busy ${(busy / 1e6).toFixed(2)} s (start-up included)`);
  for (const [key, t] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${(t / 1e3).toFixed(0).padStart(7)} ms ${key}`);
  }
}
