/**
 * Tracking ingestion (R-TRACK-5, issue 33): batches of 20 events POSTed to /tracker/log over HTTP at
 * 100 connections, against the API alone (SERVE_WEB=false, production settings) on a fresh SQLite file
 * and on a throwaway PostgreSQL. The anchor is a bare Fastify route that only parses the same batches
 * and answers (nothing checked or stored), run in the same rounds. Budgets:
 * - server CPU per batch (`/proc/{pid}/stat`, all the server's threads; PostgreSQL's own processes
 *   not counted) of the beacon ≤ 2× the parse-only route's, both at 2,500 batches/s offered;
 * - at 50,000 events/s offered (2,500 batches/s, autocannon's `overallRate`) no batch refused (503)
 *   and every batch answered, and every acknowledged event stored (rows counted in the database).
 * Information: the rates, p99 and CPU per batch as fast as each answers (the beacon, the parse-only
 * route, a bare node:http server that only reads the batches), the events stored a second, and the
 * journal's cost (the same beacon with TRACKING_JOURNAL_DIR=off). The former "÷ hello-world ≥ 0.5×"
 * line is retired (issue 33): on two cores shared with the load generator it measured the generator's
 * cost of a 5 KB POST as much as the server's.
 * Part of `npm run bench`; alone: node bench/tracking.ts [--seconds=10 --rounds=3 --only=sqlite|postgres]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@davmu/test-support/free-port";
import { startPostgresCluster } from "@davmu/test-support/postgres-cluster";
import {
  baselineEnv,
  node,
  productionEnv,
  productionOnly,
  type RunningServer,
  root,
  spawnServer,
} from "@davmu/test-support/product";
import pg from "pg";
import { median, type Result } from "./lib/stats.ts";
import type { Load } from "./throughput.ts";

interface IngestLoad extends Load {
  events: number;
  /** batches answered, answered 2xx, answered 503 */
  answers: number;
  answered: number;
  refused: number;
  /** server CPU per batch by thread: the request thread, worker threads (the writer), V8's and libuv's helpers */
  cpuMicrosByThread?: Record<string, number>;
}

/** Batches a second offered in the fixed-rate runs: 50,000 events a second in batches of 20 (issue 33). */
export const offeredBatches = 2500;

function ingest(origin: string, seconds: number, salt: string, pid: number, rate = 0): Promise<IngestLoad> {
  return new Promise((resolve, reject) => {
    const args = ["bench/tracking-load.ts", origin, String(seconds), salt, String(pid), String(rate)];
    const child = spawn(node, args, {
      cwd: root,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    let problems = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (problems += chunk));
    child.once("close", (code) => {
      if (code !== 0) return reject(new Error(`tracking load exited with ${code}:\n${problems}`));
      resolve(JSON.parse(output.trim().split("\n").pop() as string) as IngestLoad);
    });
  });
}

/** Rows of tracking_events, read straight from the database. */
async function storedRows(databaseUrl: string): Promise<number> {
  if (databaseUrl.startsWith("sqlite:")) {
    const { default: SQLite } = await import("better-sqlite3");
    const db = new SQLite(databaseUrl.slice("sqlite:".length), { readonly: true });
    try {
      return Number((db.prepare("select count(*) as n from tracking_events").get() as { n: number }).n);
    } finally {
      db.close();
    }
  }
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return Number((await client.query("select count(*) as n from tracking_events")).rows[0].n);
  } finally {
    await client.end();
  }
}

/** A bare Fastify 5 route that parses each batch (Fastify's own JSON parser) and answers: no check, no store. */
const parseOnlyServer = `
${productionOnly}
import Fastify from "fastify";
const app = Fastify({ logger: false });
app.get("/", async () => ({ ok: true }));
app.post("/tracker/log", { bodyLimit: 262144 }, async (request) => ({
  code: 0, msg: "ok", data: { accepted: request.body.length, duplicates: 0, ignored: 0, rejected: [] },
}));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
`;

/** A bare node:http server that reads each batch's bytes and answers: no Fastify, no parse, no check. */
const readOnlyServer = `
${productionOnly}
import { createServer } from "node:http";
const answer = JSON.stringify({ code: 0, msg: "ok", data: { accepted: 20, duplicates: 0, ignored: 0, rejected: [] } });
const server = createServer((req, res) => {
  let bytes = 0;
  req.on("data", (chunk) => (bytes += chunk.length));
  req.on("end", () => {
    res.writeHead(bytes > 0 || req.method === "GET" ? 200 : 400, { "content-type": "application/json; charset=utf-8" });
    res.end(answer);
  });
});
server.listen(Number(process.env.PORT), "127.0.0.1");
process.on("SIGTERM", () => server.close(() => process.exit(0)));
`;

async function startReadOnly(): Promise<RunningServer> {
  const port = await freePort();
  return spawnServer(
    ["--input-type=module", "-e", readOnlyServer],
    baselineEnv({ PORT: String(port) }),
    "/",
    `http://127.0.0.1:${port}`,
  );
}

async function startParseOnly(): Promise<RunningServer> {
  const port = await freePort();
  const args = ["--input-type=module", "-e", parseOnlyServer];
  return spawnServer(args, baselineEnv({ PORT: String(port) }), "/", `http://127.0.0.1:${port}`);
}

/** The API alone; `journal: false` keeps acknowledged batches only in memory (TRACKING_JOURNAL_DIR=off). */
async function startApi(databaseUrl: string, journal = true): Promise<RunningServer> {
  const port = await freePort();
  const env = {
    ...productionEnv(port, databaseUrl),
    SERVE_WEB: "false",
    // one bench client stands for many devices; the per-device limit is tested on its own
    TRACKING_PER_DEVICE_PER_MINUTE: "1000000",
    ...(journal ? {} : { TRACKING_JOURNAL_DIR: "off" }),
  };
  return spawnServer(["apps/api/src/main.ts"], env, "/readyz", `http://127.0.0.1:${port}`);
}

/** Waits for the write buffer's last flush (1 s) to land. */
const settle = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Round {
  /** as fast as each answers (100 connections) */
  bare: IngestLoad;
  read: IngestLoad;
  ingest: IngestLoad;
  memoryOnly: IngestLoad;
  stored: number;
  /** at `offeredBatches` a second */
  offeredBare: IngestLoad;
  offered: IngestLoad;
  offeredStored: number;
}

async function measure(
  name: string,
  databaseUrl: string,
  options: { seconds: number; rounds: number },
  log: (line: string) => void,
): Promise<Result[]> {
  const api = await startApi(databaseUrl);
  const unjournaled = await startApi(databaseUrl, false);
  const parseOnly = await startParseOnly();
  const readOnly = await startReadOnly();
  const salt = api.env.HASHID_SALT as string;
  const samples: Round[] = [];
  const { seconds } = options;
  try {
    await ingest(api.origin, 2, salt, api.pid); // warm-up
    await ingest(unjournaled.origin, 2, salt, unjournaled.pid);
    await ingest(parseOnly.origin, 1, salt, parseOnly.pid);
    await ingest(readOnly.origin, 1, salt, readOnly.pid);
    for (let round = 1; round <= options.rounds; round++) {
      // the same offered rate to the parse-only route and to the beacon: CPU per batch compared at equal work
      const offeredBare = await ingest(parseOnly.origin, seconds, salt, parseOnly.pid, offeredBatches);
      await settle(1500);
      const offeredBefore = await storedRows(databaseUrl);
      const offered = await ingest(api.origin, seconds, salt, api.pid, offeredBatches);
      await settle(2500);
      const offeredStored = (await storedRows(databaseUrl)) - offeredBefore;
      // as fast as each answers
      const bare = await ingest(parseOnly.origin, seconds, salt, parseOnly.pid);
      const read = await ingest(readOnly.origin, seconds, salt, readOnly.pid);
      const before = await storedRows(databaseUrl);
      const ingestLoad = await ingest(api.origin, seconds, salt, api.pid);
      await settle(2500);
      const stored = (await storedRows(databaseUrl)) - before;
      // the same beacon with its journal off: what keeping acknowledged batches across a kill costs
      const memoryOnly = await ingest(unjournaled.origin, seconds, salt, unjournaled.pid);
      await settle(2500);
      samples.push({ bare, read, ingest: ingestLoad, memoryOnly, stored, offeredBare, offered, offeredStored });
      const cpu = (l: Load) =>
        l.cpuMicrosPerAnswer === undefined ? "" : `, ${l.cpuMicrosPerAnswer.toFixed(0)} µs CPU each`;
      log(
        `tracking ${name} round ${round}/${options.rounds}: at ${offeredBatches} batches/s offered: beacon ` +
          `${offered.answered} answered 2xx, ${offered.refused} refused, ${offered.errors - offered.refused} other errors${cpu(offered)}, ` +
          `p99 ${offered.p99.toFixed(1)} ms, ${offeredStored} events stored of ${offered.events} acknowledged; ` +
          `parse-only ${offeredBare.answered} answered${cpu(offeredBare)}. ` +
          `As fast as answered: ${ingestLoad.rate.toFixed(0)} batches/s${cpu(ingestLoad)} ` +
          `(parse-only ${bare.rate.toFixed(0)}/s${cpu(bare)}; read-only ${read.rate.toFixed(0)}/s${cpu(read)}), ` +
          `p99 ${ingestLoad.p99.toFixed(1)} ms, ${(stored / seconds).toFixed(0)} events stored/s, ` +
          `${ingestLoad.refused} refused; journal off ${memoryOnly.rate.toFixed(0)} batches/s${cpu(memoryOnly)}`,
      );
    }
  } finally {
    await api.close();
    await unjournaled.close();
    await parseOnly.close();
    await readOnly.close();
  }
  const med = (f: (s: Round) => number) => median(samples.map(f));
  const cpuOf = (l: Load) => l.cpuMicrosPerAnswer ?? Number.NaN;
  const offeredRatio = med((s) => cpuOf(s.offered) / cpuOf(s.offeredBare));
  const offeredCpu = med((s) => cpuOf(s.offered));
  const offeredBareCpu = med((s) => cpuOf(s.offeredBare));
  const answers = samples.reduce((n, s) => n + s.offered.answers, 0);
  const failed = samples.reduce((n, s) => n + s.offered.errors - s.offered.refused, 0);
  const refused = samples.reduce((n, s) => n + s.offered.refused, 0);
  const acknowledged = samples.reduce((n, s) => n + s.offered.events, 0);
  const offeredStored = samples.reduce((n, s) => n + s.offeredStored, 0);
  // the rate was taken: answered at the rate offered (on two cores the generator shares them with the
  // server, and each connection waits for its answer before its next batch)
  const takenRate = answers / (seconds * samples.length);
  const saturatedRatio = med((s) => cpuOf(s.ingest) / cpuOf(s.bare));
  const storedPerSecond = med((s) => s.stored / seconds);
  const journalCpu = med((s) => cpuOf(s.ingest) - cpuOf(s.memoryOnly));
  const byThread = (kind: string) => med((s) => s.offered.cpuMicrosByThread?.[kind] ?? Number.NaN).toFixed(0);
  return [
    {
      part: "tracking",
      measure: `server CPU per batch of 20, ${name}, all threads: beacon ÷ the parse-only route, both at ${offeredBatches} batches/s offered`,
      figure: `${offeredRatio.toFixed(2)}× (${offeredCpu.toFixed(0)} µs ÷ ${offeredBareCpu.toFixed(0)} µs)`,
      budget: "≤ 2×",
      ok: offeredRatio <= 2,
    },
    {
      part: "tracking",
      measure: `${offeredBatches * 20} events/s offered (${offeredBatches} batches/s of 20), ${name}: batches refused (503), failed, answered a second`,
      figure: `${refused} refused, ${failed} failed, ${takenRate.toFixed(0)} batches/s answered`,
      budget: `0 refused, 0 failed, ≥ ${offeredBatches * 0.98}/s`,
      ok: refused === 0 && failed === 0 && takenRate >= offeredBatches * 0.98,
    },
    {
      part: "tracking",
      measure: `events acknowledged at ${offeredBatches} batches/s, ${name}: stored (counted in the database; batches in flight when the load stopped may add some)`,
      figure: `${offeredStored} stored, ${acknowledged} acknowledged`,
      budget: "≥ acknowledged",
      ok: offeredStored >= acknowledged,
    },
    {
      part: "tracking",
      measure: `beacon's CPU per batch at ${offeredBatches} batches/s by thread, ${name}: request thread, writer thread, V8 and libuv helpers (information)`,
      figure: `${byThread("request")} µs, ${byThread("workers")} µs, ${byThread("helpers")} µs`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `POST /tracker/log at ${offeredBatches} batches/s offered, ${name}: p99 (information)`,
      figure: `${med((s) => s.offered.p99).toFixed(1)} ms`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `as fast as answered (100 connections), ${name}: batches/s, p99, refused (information)`,
      figure: `${med((s) => s.ingest.rate).toFixed(0)} batches/s, p99 ${med((s) => s.ingest.p99).toFixed(1)} ms, ${samples.reduce((n, s) => n + s.ingest.refused, 0)} refused; parse-only ${med((s) => s.bare.rate).toFixed(0)}/s, read-only ${med((s) => s.read.rate).toFixed(0)}/s`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `as fast as answered, ${name}: server CPU per batch, beacon ÷ parse-only (information)`,
      figure: `${saturatedRatio.toFixed(2)}× (${med((s) => cpuOf(s.ingest)).toFixed(0)} µs ÷ ${med((s) => cpuOf(s.bare)).toFixed(0)} µs; read-only ${med((s) => cpuOf(s.read)).toFixed(0)} µs)`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `tracking events stored per second as fast as answered, ${name} (information)`,
      figure: `${storedPerSecond.toFixed(0)} events/s`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `the journal's cost (decision 044), ${name}: CPU per batch added, rate with it ÷ without (information)`,
      figure: `${journalCpu >= 0 ? "+" : ""}${journalCpu.toFixed(0)} µs, ${med((s) => s.ingest.rate / s.memoryOnly.rate).toFixed(2)}×`,
      budget: "",
      ok: null,
    },
  ];
}

/** The tracking part of the bench, on SQLite and (when its binaries are there) PostgreSQL. */
export async function runTrackingBench(
  options: { seconds: number; rounds: number; only?: string },
  log: (line: string) => void,
): Promise<Result[]> {
  const results: Result[] = [];
  if (options.only !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "davmu-bench-tracking-"));
    try {
      results.push(...(await measure("SQLite", `sqlite:${join(dir, "tracking.db")}`, options, log)));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  if (options.only !== "sqlite") {
    let cluster: Awaited<ReturnType<typeof startPostgresCluster>> | null = null;
    try {
      cluster = await startPostgresCluster();
    } catch (error) {
      results.push({
        part: "tracking",
        measure: "PostgreSQL",
        figure: `not measured: ${(error as Error).message.split("\n")[0]}`,
        budget: "",
        ok: null,
      });
    }
    if (cluster) {
      try {
        const admin = new pg.Client({ connectionString: cluster.adminUrl });
        await admin.connect();
        await admin.query("CREATE DATABASE bench_tracking");
        await admin.end();
        const url = cluster.adminUrl.replace(/\/postgres$/, "/bench_tracking");
        results.push(...(await measure("PostgreSQL", url, options, log)));
      } finally {
        cluster.stop();
      }
    }
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = new Map(
    process.argv.slice(2).map((a) => {
      const [key, value] = a.replace(/^--/, "").split("=");
      return [key as string, value ?? "true"];
    }),
  );
  const { table } = await import("./lib/stats.ts");
  const results = await runTrackingBench(
    { seconds: Number(args.get("seconds") ?? 10), rounds: Number(args.get("rounds") ?? 3), only: args.get("only") },
    (line) => process.stderr.write(`${line}\n`),
  );
  console.log(table(results));
  process.exitCode = results.some((r) => r.ok === false) ? 1 : 0;
}
