// profile the API under the tracking load: node /tmp/tprof/profile.ts <sqlite|postgres-url> <seconds> <outdir>
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("../", import.meta.url).pathname;
const { productionEnv, waitForOk } = await import(`${root}bench/lib/product.ts`);
const { freePort } = await import("@davmu/test-support/free-port");
const [dbArg = "sqlite", seconds = "8", out = mkdtempSync(join(tmpdir(), "prof-"))] = process.argv.slice(2);
const dir = mkdtempSync(join(tmpdir(), "profdb-"));
const url = dbArg === "sqlite" ? `sqlite:${join(dir, "t.db")}` : dbArg;
const port = await freePort();
const env = {
  ...process.env,
  ...productionEnv(port, url),
  SERVE_WEB: "false",
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
const run = (s: string) =>
  new Promise<string>((resolve) => {
    const c = spawn(process.execPath, ["bench/tracking-load.ts", origin, s, env.HASHID_SALT, String(child.pid)], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    });
    let o = "";
    c.stdout.on("data", (d) => (o += d));
    c.on("close", () => resolve(o.trim()));
  });
await run("2");
console.log(await run(seconds));
await new Promise((r) => setTimeout(r, 1500));
child.kill("SIGTERM");
await new Promise((r) => child.once("exit", r));
for (const f of readdirSync(out)) {
  const p = JSON.parse(readFileSync(join(out, f), "utf8"));
  const self = new Map<string, number>();
  const dt = new Map<number, number>();
  for (let i = 0; i < p.samples.length; i++) dt.set(p.samples[i], (dt.get(p.samples[i]) ?? 0) + (p.timeDeltas[i] ?? 0));
  let total = 0;
  for (const n of p.nodes) {
    const t = dt.get(n.id) ?? 0;
    if (!t) continue;
    const cf = n.callFrame;
    const key = `${cf.functionName || "(anon)"} ${cf.url.replace(/.*\/(node_modules|src)\//, "")}:${cf.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + t);
    if (cf.functionName !== "(idle)" && cf.functionName !== "(program)") total += t;
  }
  console.log(`\n== ${f}: busy ${(total / 1e6).toFixed(2)} s`);
  for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40))
    console.log(`${(v / 1e3).toFixed(0).padStart(7)} ms ${k}`);
}
