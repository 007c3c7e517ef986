/**
 * Cold start: time from launching a process to the first demo article page served (HTTP 200).
 * Runs, in the same session, a baseline (a bare node:http server answering its first request) and:
 *   server — `node apps/api/src/main.ts` on an already seeded SQLite file, site already built
 *   start  — the README's `npm start` (build the site, migrate + seed, serve) on a new SQLite file
 * Prints the median of RUNS runs (default 3) of each and the ratios to the baseline.
 * Usage: node bench/cold-start.ts [runs]
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@davmu/test-support/free-port";

const root = new URL("..", import.meta.url).pathname;
const runs = Number(process.argv[2] ?? 3);
const node = process.execPath;
const phoneUa = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44";

async function firstOk(url: string, child: ChildProcess, started: number): Promise<number> {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited (${child.exitCode}) before serving ${url}`);
    try {
      const response = await fetch(url, { headers: { "user-agent": phoneUa } });
      if (response.status === 200) {
        await response.text();
        return performance.now() - started;
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 10));
    if (performance.now() - started > 120000) throw new Error(`no answer from ${url} in 120 s`);
  }
}

async function measure(command: string, args: string[], env: Record<string, string>, path: string) {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(command, args, {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: "ignore",
  });
  try {
    return await firstOk(`http://127.0.0.1:${port}${path}`, child, started);
  } finally {
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

const dir = mkdtempSync(join(tmpdir(), "davmu-bench-"));
const baselineScript = join(dir, "baseline.mjs");
writeFileSync(
  baselineScript,
  `import http from "node:http"; http.createServer((q, s) => s.end("ok")).listen(Number(process.env.PORT), "127.0.0.1");`,
);
const seededDb = join(dir, "seeded.db");
const seedEnv = { DATABASE_URL: `sqlite:${seededDb}`, LOG_LEVEL: "silent" };
spawnSync(node, ["tools/demo/src/seed-cli.ts"], { cwd: root, env: { ...process.env, ...seedEnv } });
const list = spawnSync(
  node,
  [
    "-e",
    `const D=require("better-sqlite3");const d=new D(${JSON.stringify(seededDb)});console.log(d.prepare("select id, mp_id, publish_at from contents order by publish_at desc limit 1").get().id)`,
  ],
  { cwd: join(root, "apps/api"), encoding: "utf8" },
);
const { createPublicIdCodec } = await import("../packages/contracts/src/public-id.ts");
const articleId = createPublicIdCodec("davmu-share-development-salt", 8).encode(Number(list.stdout.trim()));
// the article path shape accepts any actor and date segments; the id is what is looked up
const articlePath = `/davmu/share/news/doc/2026/11/${articleId}/index.html`;

const results: Record<string, number[]> = { baseline: [], server: [], start: [] };
for (let i = 0; i < runs; i++) {
  results.baseline?.push(await measure(node, [baselineScript], {}, "/"));
  results.server?.push(await measure(node, ["apps/api/src/main.ts"], seedEnv, articlePath));
  const fresh = join(dir, `fresh-${i}.db`);
  results.start?.push(
    await measure("npm", ["start", "--silent"], { DATABASE_URL: `sqlite:${fresh}`, LOG_LEVEL: "silent" }, articlePath),
  );
}
rmSync(dir, { recursive: true, force: true });

const base = median(results.baseline as number[]);
console.log(`cold start to first page served, median of ${runs} runs:`);
for (const [name, xs] of Object.entries(results)) {
  const m = median(xs);
  console.log(
    `  ${name.padEnd(8)} ${m.toFixed(0).padStart(6)} ms   ${(m / base).toFixed(1).padStart(5)}× baseline   (runs: ${xs.map((x) => x.toFixed(0)).join(", ")})`,
  );
}
