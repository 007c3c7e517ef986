/**
 * The load generator: autocannon at 100 connections against one URL, in a process of its own, as its
 * command line would run. It is kept out of the bench's process on purpose: there it shared a heap
 * with Lighthouse (95 MB once imported), and under 9 KB answers its garbage collections then cost it
 * a fifth of its rate and put 15 ms pauses into its p99, on either target.
 * Usage (as a child of bench/throughput.ts):
 *   node bench/load-generator.ts <url> <seconds> [headers as JSON] [server pid]
 * Prints JSON: { rate, p99, errors, cpuMicrosPerAnswer? }.
 */
import { createRequire } from "node:module";
import autocannon from "autocannon";
import { processCpuSeconds as cpuSeconds } from "./lib/stats.ts";

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

const [url, seconds = "10", headersJson = "{}", pid = ""] = process.argv.slice(2);
if (!url) throw new Error("usage: load-generator.ts <url> <seconds> [headers as JSON] [server pid]");
const serverPid = Number(pid) || 0;

const cpuBefore = serverPid ? cpuSeconds(serverPid) : 0;
const result = await autocannon({
  url,
  connections: 100,
  duration: Number(seconds),
  headers: JSON.parse(headersJson) as Record<string, string>,
});
const answers = result.requests.total;
process.stdout.write(
  `${JSON.stringify({
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    ...(serverPid && answers > 0 ? { cpuMicrosPerAnswer: ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / answers } : {}),
  })}\n`,
);
