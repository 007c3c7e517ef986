/**
 * Server throughput with autocannon (100 connections) against loopback servers started in the same
 * run, each figure a ratio to a baseline measured beside it: the Fastify hello-world, or the bare
 * in-process render of the same page.
 */
import { spawnSync } from "node:child_process";
import autocannon from "autocannon";
import { node, phoneUserAgent, root } from "./lib/product.ts";

export interface Load {
  rate: number;
  p99: number;
  errors: number;
}

export async function load(url: string, seconds: number, headers: Record<string, string> = {}): Promise<Load> {
  const result = await autocannon({
    url,
    connections: 100,
    duration: seconds,
    headers: { "user-agent": phoneUserAgent, "accept-encoding": "gzip, deflate, br", ...headers },
  });
  return { rate: result.requests.average, p99: result.latency.p99, errors: result.errors + result.non2xx };
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
