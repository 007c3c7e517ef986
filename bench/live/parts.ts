/**
 * The parts of `npm run bench:live`, each against a LiveTarget with the clients of a ClientPool:
 * idle memory per connection, fan-out to one room on one instance, reach across two instances behind
 * Redis, and the chaos run. Each answers its lines of the results table.
 */

import type { ClientPool, Measured, Summary } from "@davmu/test-support/live/pool";
import { type LiveTarget, machineCpu, type Sent, sleep } from "@davmu/test-support/live/target";
import type { Result } from "../lib/stats.ts";

export const log = (line: string) => process.stderr.write(`${line}\n`);
const int = (n: number) => Math.round(n).toLocaleString("en");

/** Sends `count` messages at `perSecond` through the instances `through(i)` picks; answers every send. */
export async function stream(
  target: LiveTarget,
  count: number,
  perSecond: number,
  through: (i: number) => number,
  label: string,
): Promise<{ sent: Sent[]; startedAt: number; lastSentAt: number; endedAt: number }> {
  const startedAt = Date.now();
  let lastSentAt = startedAt;
  const pending: Promise<Sent>[] = [];
  for (let i = 0; i < count; i++) {
    const due = startedAt + (i * 1000) / perSecond;
    const wait = due - Date.now();
    if (wait > 0) await sleep(wait);
    lastSentAt = Date.now();
    pending.push(target.send(`${label} 第${i + 1}条 t=${lastSentAt}`, through(i)));
  }
  const sent = await Promise.all(pending);
  return { sent, startedAt, lastSentAt, endedAt: Date.now() };
}

/** Waits until every client holds `finalSeq` (or `timeoutMs`); answers the last summary. */
export async function settle(pool: ClientPool, finalSeq: number, timeoutMs: number): Promise<Summary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const summary = await pool.summary(finalSeq);
    if ((summary.behind === 0 && summary.subscribed === summary.clients) || Date.now() > deadline) return summary;
    await sleep(250);
  }
}

/** Failed sends by status and detail. */
const failures = (sent: Sent[]) => {
  const out: Record<string, number> = {};
  for (const s of sent) {
    if (s.ok) continue;
    const key = `${s.status} ${s.detail ?? ""}`.trim();
    out[key] = (out[key] ?? 0) + 1;
  }
  return out;
};

const lastSeq = (sent: Sent[]) => Math.max(0, ...sent.map((s) => s.seq ?? 0));

export async function idleMemory(target: LiveTarget, pool: ClientPool, clients: number): Promise<Result[]> {
  const before = await target.memory(0);
  log(`memory: opening ${int(clients)} connections to one instance (RSS before ${int(before.rss / 1024)} KB)`);
  const opened = await pool.open(clients, target.room, target.tokens, () => 0, 90000);
  log(`memory: ${int(opened.subscribed)} subscribed in ${int(opened.ms)} ms, ${opened.failed} failed; idle 5 s`);
  await sleep(5000);
  const after = await target.memory(0);
  const n = Math.max(1, opened.subscribed);
  const perRss = (after.rss - before.rss) / n;
  const perHeap = after.heap !== null && before.heap !== null ? (after.heap - before.heap) / n : null;
  const summary = await pool.summary();
  return [
    {
      part: "live: one instance",
      measure: `connections subscribed to one room (opened in ${(opened.ms / 1000).toFixed(1)} s)`,
      figure: `${int(opened.subscribed)} of ${int(clients)}`,
      budget: int(clients),
      ok: opened.subscribed === clients,
    },
    {
      part: "live: one instance",
      measure: `memory per idle connection (RSS delta ÷ connections${perHeap === null ? "" : `; heap ${(perHeap / 1024).toFixed(1)} KB`})`,
      figure: `${(perRss / 1024).toFixed(1)} KB`,
      budget: "≤ 30 KB",
      ok: opened.subscribed > 0 && perRss <= 30 * 1024,
    },
    ...(Object.keys(summary.closeCodes).length
      ? [
          {
            part: "live: one instance",
            measure: "connections closed by the server while idle (code: count)",
            figure: JSON.stringify(summary.closeCodes),
            budget: "none",
            ok: false,
          },
        ]
      : []),
  ];
}

interface Window {
  measured: Measured;
  sent: Sent[];
  startedAt: number;
  lastSentAt: number;
  summary: Summary;
  /** Messages the room got in the window (by sequence: a send that timed out may still be stored). */
  messages: number;
  /** Server CPU over the window, as a share of one core, per instance. */
  serverBusy: number[];
  /** Cores the rest of the machine kept busy meanwhile: PostgreSQL, Redis, the kernel's loopback work, other processes. */
  othersBusy: number;
}

async function measureStream(
  target: LiveTarget,
  pool: ClientPool,
  count: number,
  perSecond: number,
  through: (i: number) => number,
  label: string,
): Promise<Window> {
  const seqBefore = await target.latestSeq(0);
  const instances = target.instances.map((_, i) => i);
  const cpuBefore = instances.map((i) => target.cpu(i));
  const machineBefore = machineCpu();
  const benchBefore = process.cpuUsage();
  const t0 = Date.now();
  await pool.startMeasuring();
  const { sent, startedAt, lastSentAt } = await stream(target, count, perSecond, through, label);
  const seqAfter = Math.max(lastSeq(sent), await target.latestSeq(0));
  const summary = await settle(pool, seqAfter, 15000);
  const measured = await pool.stopMeasuring(seqBefore, seqAfter);
  const seconds = (Date.now() - t0) / 1000;
  const serverBusy = instances.map((i) => (target.cpu(i) - (cpuBefore[i] as number)) / seconds);
  const bench = process.cpuUsage(benchBefore);
  const ours = serverBusy.reduce((a, b) => a + b, 0) + (bench.user + bench.system) / 1e6 / seconds;
  const othersBusy = Math.max(0, (machineCpu() - machineBefore) / seconds - ours);
  const failed = failures(sent);
  if (Object.keys(failed).length) log(`${label}: sends failed ${JSON.stringify(failed)}`);
  return { measured, sent, startedAt, lastSentAt, summary, messages: seqAfter - seqBefore, serverBusy, othersBusy };
}

/** Who was busy over a window: near 100% for a server or client thread says who limits the rate. */
const busy = (w: Window) =>
  `server CPU ${w.serverBusy.map((b) => `${Math.round(b * 100)}%`).join(" + ")}, busiest client thread ${Math.round(w.measured.clientBusy * 100)}%, rest of the machine ${w.othersBusy.toFixed(1)} cores`;

export async function fanOut(
  target: LiveTarget,
  pool: ClientPool,
  options: { burst: number; rate: number; seconds: number },
): Promise<Result[]> {
  const clients = (await pool.summary()).subscribed;
  log(`fan-out: a burst of ${options.burst} messages to ${int(clients)} clients`);
  const burst = await measureStream(target, pool, options.burst, 1000, () => 0, "扇出突发");
  const burstSeconds = Math.max(0.001, (burst.measured.lastAt - burst.startedAt) / 1000);
  const burstRate = burst.measured.deliveries / burstSeconds;
  await sleep(1000);
  const count = Math.round(options.rate * options.seconds);
  log(`fan-out: ${count} messages at ${options.rate}/s (${int(options.rate * clients)} deliveries/s offered)`);
  const steady = await measureStream(target, pool, count, options.rate, () => 0, "扇出稳定");
  const offered = options.rate * clients;
  return [
    {
      part: "live: fan-out",
      measure: `deliveries per second, a burst of ${burst.messages} messages to ${int(clients)} (${int(burst.measured.deliveries)} of ${int(burst.messages * clients)} in ${burstSeconds.toFixed(2)} s; p99 ${burst.measured.p99} ms; ${busy(burst)})`,
      figure: `${int(burstRate)}/s`,
      budget: "≥ 50,000/s",
      ok: burstRate >= 50000 && burst.measured.deliveries === burst.messages * clients,
    },
    {
      part: "live: fan-out",
      // at a steady rate, deliveries ÷ time can only approach the offered rate; what counts is that
      // all of it arrives and how late (the p99 below)
      measure: `a steady stream, ${steady.messages} messages at ${options.rate}/s = ${int(offered)} deliveries/s offered: delivered (the last ${int(steady.measured.lastAt - steady.lastSentAt)} ms after the last send; ${busy(steady)})`,
      figure: `${int(steady.measured.deliveries)} of ${int(steady.messages * clients)}`,
      budget: "all, at ≥ 50,000/s",
      ok: offered >= 50000 && steady.measured.deliveries === steady.messages * clients,
    },
    {
      part: "live: fan-out",
      measure: `send → receive at ${options.rate} messages/s to ${int(clients)}, p99 (p50 ${steady.measured.p50} ms, max ${steady.measured.max} ms)`,
      figure: `${steady.measured.p99} ms`,
      budget: "≤ 250 ms",
      ok: steady.measured.p99 <= 250,
    },
    {
      part: "live: fan-out",
      measure: "gaps / duplicates by sequence",
      figure: `${steady.summary.gaps + burst.summary.gaps} / ${steady.summary.dups + burst.summary.dups}`,
      budget: "0 / 0",
      ok: steady.summary.gaps + burst.summary.gaps === 0 && steady.summary.dups + burst.summary.dups === 0,
    },
  ];
}

export async function twoInstances(
  target: LiveTarget,
  pool: ClientPool,
  options: { clients: number; rate: number; seconds: number },
): Promise<Result[]> {
  log(`two instances: ${int(options.clients)} clients, half on each`);
  const opened = await pool.open(options.clients, target.room, target.tokens, (i) => i % 2, 90000);
  log(`two instances: ${int(opened.subscribed)} subscribed in ${int(opened.ms)} ms`);
  const count = Math.round(options.rate * options.seconds);
  const run = await measureStream(target, pool, count, options.rate, (i) => i % 2, "跨实例");
  const expected = run.messages * opened.subscribed;
  const reach = expected ? run.measured.deliveries / expected : 0;
  return [
    {
      part: "live: two instances, one Redis",
      measure: `reach, received ÷ expected (${int(run.measured.deliveries)} of ${int(expected)}: ${run.messages} messages sent alternately through each, ${int(opened.subscribed)} clients; p99 ${run.measured.p99} ms; ${busy(run)})`,
      figure: reach.toFixed(4),
      budget: "1.0",
      ok: reach === 1 && opened.subscribed === options.clients,
    },
  ];
}

export { failures, lastSeq };
