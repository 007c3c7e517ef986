/**
 * Server CPU per rendered article, apart from the bench's load generator: the product started as
 * the bench starts it (production mode, a freshly seeded SQLite file), the bench's article found as
 * the bench finds it, 100 warm-up requests, then `--pages` requests with a cookie (never answered from
 * the page cache), `--concurrency` at once, from this process. The server's CPU (user and system, all
 * its threads) is read from /proc/<pid>/stat before and after, and split by thread from
 * /proc/<pid>/task: the request thread (the one that renders), zlib's and libuv's pool (`libuv-worker`),
 * and the rest (V8's collector and compiler helpers); and into user and kernel time (the loopback's TCP
 * work is the kernel's). `--encoding` is the Accept-Encoding sent (default `gzip, deflate, br`, as a
 * browser; `identity` leaves the page's compression out). With `--profile=<dir>`, the server runs
 * under `node --cpu-prof` and writes its profile there when it stops. With `--anonymous`, the requests
 * carry no cookie and each asks for the article at an address of its own (WeChat's share suffix and a
 * number), so each is a page-cache miss that the cache keeps: what an anonymous visitor's first look
 * at a page costs; `--anonymous=2` asks for each address twice (the second a hit).
 * Usage: node bench/render-cpu.ts [--pages=1500] [--concurrency=4] [--encoding=identity] [--anonymous[=2]] [--profile=dir]
 * Prints JSON: { pages, hits, rate, cpuMsPerPage, kernelMsPerPage, byThread: { request, pool, helpers } }
 * (ms per page). Linux only (/proc).
 */
import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
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
import { commandLine } from "./lib/args.ts";
import { cpuPer, cpuReading } from "./lib/proc-cpu.ts";

const args = commandLine();
const pages = Number(args.get("pages") ?? 1500);
const concurrency = Number(args.get("concurrency") ?? 4);
const profile = args.get("profile");

const encoding = args.get("encoding") ?? "gzip, deflate, br";
const anonymousArg = args.get("anonymous");
/** 0: with a cookie (never cached); else how many times each anonymous address is asked for */
const asksPerAddress =
  anonymousArg === undefined ? 0 : Number(anonymousArg === "" || anonymousArg === "true" ? 1 : anonymousArg);

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
  let asked = 0;
  let hits = 0;
  const render = async () => {
    const n = asked++;
    const path =
      asksPerAddress > 0
        ? `${article.path}?from=singlemessage&isappinstalled=0&n=${Math.floor(n / asksPerAddress)}`
        : article.path;
    const headers: Record<string, string> = { "user-agent": phoneUserAgent, "accept-encoding": encoding };
    if (asksPerAddress === 0) headers.cookie = "bench=1";
    const answer = await fetch(origin + path, { headers });
    if (answer.status !== 200) throw new Error(`the article answered ${answer.status}`);
    if (answer.headers.get("x-cache") === "hit") hits++;
    await answer.arrayBuffer();
  };
  for (let i = 0; i < 100; i++) await render();
  const pid = server.pid as number;
  const before = cpuReading(pid);
  hits = 0;
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
  const spent = cpuPer(before, cpuReading(pid), sent);
  const ms = (value: number) => Number(value.toFixed(3));
  console.log(
    JSON.stringify({
      pages: sent,
      // from the page cache (x-cache: hit): none with a cookie, one in each pair with --anonymous=2
      hits,
      rate: sent / seconds,
      cpuMsPerPage: ms(spent.total),
      kernelMsPerPage: ms(spent.kernel),
      byThread: {
        request: ms(spent.byThread.request),
        pool: ms(spent.byThread.pool),
        helpers: ms(spent.byThread.helpers),
      },
    }),
  );
} finally {
  const exited = new Promise((resolve) => server.once("exit", resolve));
  server.kill("SIGTERM");
  await exited;
  rmSync(dir, { recursive: true, force: true });
}
