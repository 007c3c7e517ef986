/**
 * Server throughput with autocannon (100 connections) against loopback servers started in the same
 * run, each figure a ratio to a baseline measured beside it: the Fastify hello-world, or the bare
 * in-process render of the same page.
 */
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { createRequire } from "node:module";
import autocannon from "autocannon";
import { node, phoneUserAgent, root } from "./lib/product.ts";

/*
 * autocannon appends every response body to a string (`body += chunk`), decoding it as UTF-8, for
 * options this bench does not use (verifyBody, expectBody, onResponse). For compressed answers that
 * decoding, not the server, bounded the rate: a Fastify hello-world sending the cached article's exact
 * brotli bytes and headers made 12,500 answers/s with it and 30,800/s without it, the same bytes of
 * the letter "a" 35,000/s either way. The bench checks status codes only, so bodies are dropped
 * unread; the byte counts autocannon reports come from the socket and are unchanged.
 */
const require = createRequire(import.meta.url);
const RequestQueue = require("autocannon/lib/pipelinedRequestsQueue.js") as {
  prototype: { addBody(data: Buffer): void };
};
RequestQueue.prototype.addBody = () => {};

export interface Load {
  rate: number;
  p99: number;
  errors: number;
  /**
   * CPU time the server process spent per answer (user + system, all its threads), in microseconds,
   * when its pid was given. On two cores the load generator can saturate before the server does (at
   * 30,000 cached pages/s the product was idle 40% of the time); the answers one core of the server
   * could give are 1e6 ÷ this, whatever the load generator manages.
   */
  cpuMicrosPerAnswer?: number;
}

/** CPU seconds a process has used so far (utime + stime of /proc/{pid}/stat, all its threads). */
export function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / clockTicksPerSecond;
}
// USER_HZ: 100 on Linux on every architecture Node runs on
const clockTicksPerSecond = 100;

export async function load(
  url: string,
  seconds: number,
  headers: Record<string, string> = {},
  serverPid?: number,
): Promise<Load> {
  const cpuBefore = serverPid ? cpuSeconds(serverPid) : 0;
  const result = await autocannon({
    url,
    connections: 100,
    duration: seconds,
    headers: { "user-agent": phoneUserAgent, "accept-encoding": "gzip, deflate, br", ...headers },
  });
  const answers = result.requests.total;
  return {
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(serverPid && answers > 0 ? { cpuMicrosPerAnswer: ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / answers } : {}),
  };
}

/** Renders of one page per second in a process of its own, with no HTTP in front (bench/bare-render.ts). */
export function bareRender(pageUrl: string, seconds: number, env: Record<string, string>): Load {
  const run = spawnSync(node, ["bench/bare-render.ts", pageUrl, String(seconds)], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_USER_AGENT: phoneUserAgent },
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`bare render failed:\n${run.stderr}`);
  const { rate, p99 } = JSON.parse(run.stdout.trim().split("\n").pop() as string) as { rate: number; p99: number };
  return { rate, p99, errors: 0 };
}

/** Fetches a page twice (the second answer comes from the page cache), raw, and hands it to the hello-world's replay route. */
export async function replayCachedPage(pageUrl: string, replayUrl: string): Promise<void> {
  const get = () =>
    new Promise<{ status: number; headers: Record<string, string>; body: Buffer }>((resolve, reject) => {
      // node:http leaves the body as sent (brotli), where fetch would decode it
      httpGet(pageUrl, { headers: { "user-agent": phoneUserAgent, "accept-encoding": "gzip, deflate, br" } }, (res) => {
        const parts: Buffer[] = [];
        res.on("data", (part: Buffer) => parts.push(part));
        res.on("end", () => {
          const headers: Record<string, string> = {};
          for (const [name, value] of Object.entries(res.headers)) {
            // the replaying server sets its own framing and connection headers
            if (
              typeof value === "string" &&
              !/^(date|connection|keep-alive|content-length|transfer-encoding)$/.test(name)
            )
              headers[name] = value;
          }
          resolve({ status: res.statusCode ?? 0, headers, body: Buffer.concat(parts) });
        });
        res.on("error", reject);
      }).on("error", reject);
    });
  await get();
  const cached = await get();
  if (cached.headers["x-cache"] !== "hit") throw new Error(`${pageUrl} was not answered from the page cache`);
  const answer = await fetch(replayUrl, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status: cached.status, headers: cached.headers, base64: cached.body.toString("base64") }),
  });
  if (!answer.ok) throw new Error(`the hello-world refused the page to replay: ${answer.status}`);
}
