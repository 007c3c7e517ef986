/**
 * Server CPU per rendered article, apart from the bench's load generator: the product started as
 * the bench starts it (production mode, a freshly seeded SQLite file), the bench's article found as
 * the bench finds it, 100 warm-up requests, then `--pages` requests with a cookie (never answered from
 * the page cache), `--concurrency` at once, from this process. The server's CPU (user and system, all
 * its threads) is read from /proc/<pid>/stat before and after. With `--profile=<dir>`, the server runs
 * under `node --cpu-prof` and writes its profile there when it stops.
 * Usage: node bench/render-cpu.ts [--pages=1500] [--concurrency=4] [--profile=dir]
 * Prints JSON: { pages, rate, cpuMsPerPage }. Linux only (/proc).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@davmu/test-support/free-port";
import {
  demoPages,
  measuredNodeFlags,
  node,
  phoneUserAgent,
  productionEnv,
  root,
  waitForOk,
} from "@davmu/test-support/product";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, "").split("=");
    return [key as string, value ?? "true"];
  }),
);
const pages = Number(args.get("pages") ?? 1500);
const concurrency = Number(args.get("concurrency") ?? 4);
const profile = args.get("profile");

/** CPU time a process has spent, all its threads, in milliseconds. */
function cpuMs(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] as string).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const dir = mkdtempSync(join(tmpdir(), "davmu-render-cpu-"));
const port = await freePort();
const env = productionEnv(port, `sqlite:${join(dir, "bench.db")}`);
const seeded = spawnSync(node, ["tools/demo/src/seed-cli.ts"], { cwd: root, env: { ...process.env, ...env } });
if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr}`);
const flags = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
const server = spawn(node, [...measuredNodeFlags, ...flags, "apps/api/src/main.ts"], {
  cwd: root,
  env: { ...process.env, ...env },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/readyz`, server, () => "");
  const article = (await demoPages(origin, env.HASHID_SALT as string)).find((page) => page.name === "article");
  if (!article) throw new Error("no article found");
  const render = async () => {
    const answer = await fetch(origin + article.path, {
      headers: { "user-agent": phoneUserAgent, cookie: "bench=1", "accept-encoding": "gzip, deflate, br" },
    });
    if (answer.status !== 200) throw new Error(`the article answered ${answer.status}`);
    await answer.arrayBuffer();
  };
  for (let i = 0; i < 100; i++) await render();
  const pid = server.pid as number;
  const before = cpuMs(pid);
  const started = performance.now();
  let sent = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < pages) {
        sent++;
        await render();
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  console.log(JSON.stringify({ pages: sent, rate: sent / seconds, cpuMsPerPage: (cpuMs(pid) - before) / sent }));
} finally {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  rmSync(dir, { recursive: true, force: true });
}
