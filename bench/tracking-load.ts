/**
 * The tracking beacon's load generator: autocannon at 100 connections POSTing batches of 20 events
 * (as pages send them: read, view and expose, each with its own event id), in a process of its own.
 * Without a rate it sends as fast as the server answers; with one (batches a second) it offers that
 * rate whatever the answers (autocannon's `overallRate`, spread over the connections), which is how
 * the bench asks whether a rate is taken without refusals.
 * Usage (as a child of bench/tracking.ts):
 *   node bench/tracking-load.ts <origin> <seconds> <hashid salt> [server pid] [batches a second]
 * Prints JSON: { rate, p99, errors, events, answers, answered, refused, cpuMicrosPerAnswer?, cpuMicrosByThread? }: `answers`
 * the batches answered, `answered` those answered 2xx, `refused` those answered 503, `errors` everything
 * not 2xx (refusals included) and the requests that failed (reset, timed out). Requests still in flight
 * when the time is up are neither (autocannon drops them; the server may still take them).
 */
import { randomBytes } from "node:crypto";
import { readdirSync, readFileSync } from "node:fs";
import { phoneUserAgent } from "@davmu/test-support/product";
import autocannon from "autocannon";
import { createPublicIdCodec } from "../packages/contracts/src/public-id.ts";
import { benchEvents } from "./lib/tracking-batch.ts";

const [origin, seconds = "10", salt = "", pid = "", offered = ""] = process.argv.slice(2);
if (!origin || !salt) throw new Error("usage: tracking-load.ts <origin> <seconds> <hashid salt> [server pid]");
const serverPid = Number(pid) || 0;

const codec = createPublicIdCodec(salt, 8);
const tids = Array.from({ length: 12 }, (_, i) => codec.encode(i + 1));
const run = randomBytes(4).toString("hex");
let sequence = 0;

/**
 * Batches of 20 events of one device, each event id new: the JSON is written once with a marker
 * where the batch's number goes, so making a body costs the load generator almost nothing (its
 * own cost would otherwise bound the rate it measures).
 */
const marker = "@@N@@";
function template(): string[] {
  const events = benchEvents(tids, {
    event: (i) => `bench-${run}-${marker}-${i}`,
    device: `bench-device-${marker}`,
    visit: `bench-visit-${run}-${marker}`,
  });
  return JSON.stringify(events).split(marker);
}
const parts = template();
function batch(): string {
  const n = String(sequence++);
  let body = parts[0] as string;
  for (let i = 1; i < parts.length; i++) body += n + (parts[i] as string);
  return body;
}

function cpuSeconds(target: number): number {
  const stat = readFileSync(`/proc/${target}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU seconds by kind of thread: the request thread, worker threads (the tracking writer), the rest (V8's and libuv's). */
function cpuByThread(target: number): Record<string, number> {
  const out: Record<string, number> = { request: 0, workers: 0, helpers: 0 };
  for (const task of readdirSync(`/proc/${target}/task`)) {
    try {
      const name = readFileSync(`/proc/${target}/task/${task}/comm`, "utf8").trim();
      const stat = readFileSync(`/proc/${target}/task/${task}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      const kind = name === "MainThread" ? "request" : name === "WorkerThread" ? "workers" : "helpers";
      out[kind] = (out[kind] ?? 0) + seconds;
    } catch {
      // the thread ended
    }
  }
  return out;
}

const cpuBefore = serverPid ? cpuSeconds(serverPid) : 0;
const threadsBefore = serverPid ? cpuByThread(serverPid) : null;
const result = await autocannon({
  url: `${origin}/tracker/log`,
  connections: 100,
  duration: Number(seconds),
  ...(Number(offered) > 0 ? { overallRate: Number(offered) } : {}),
  headers: { "content-type": "application/json", "user-agent": phoneUserAgent },
  requests: [
    {
      method: "POST",
      setupRequest: (request) => ({ ...request, body: batch() }),
    },
  ],
});
const answers = result.requests.total;
const threadsAfter = serverPid ? cpuByThread(serverPid) : null;
const perThread =
  threadsBefore && threadsAfter && answers > 0
    ? Object.fromEntries(
        Object.keys(threadsAfter).map((k) => [k, (((threadsAfter[k] ?? 0) - (threadsBefore[k] ?? 0)) * 1e6) / answers]),
      )
    : undefined;
process.stdout.write(
  `${JSON.stringify({
    rate: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
    events: result["2xx"] * 20,
    answers: result.requests.total,
    answered: result["2xx"],
    // autocannon reports answers by status, which its types do not declare
    refused: (result as { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats?.["503"]?.count ?? 0,
    ...(perThread ? { cpuMicrosByThread: perThread } : {}),
    ...(serverPid && answers > 0 ? { cpuMicrosPerAnswer: ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / answers } : {}),
  })}\n`,
);
