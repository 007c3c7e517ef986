/**
 * Tracking ingestion (R-TRACK-5): batches of 20 events POSTed to /tracker/log over HTTP at 100
 * connections, against the API alone (SERVE_WEB=false) on a fresh SQLite file and on a throwaway
 * PostgreSQL, each round beside the Fastify hello-world: the rate as a ratio to the hello-world's,
 * its p99, and the events stored per second (rows counted in the database after each round). For
 * scale, each round also loads a bare Fastify route that only parses the same batches and answers
 * (nothing checked or stored), and a bare node:http server that only reads them and answers (not even
 * parsed): the most any beacon taking them over HTTP could reach on this machine, where the load
 * generator shares the two cores.
 * Server CPU per batch (all its threads) is printed beside each rate.
 * Part of `npm run bench`; alone: node bench/tracking.ts [--seconds=10 --rounds=3 --only=sqlite|postgres]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@davmu/test-support/free-port";
import { startPostgresCluster } from "@davmu/test-support/postgres-cluster";
import pg from "pg";
import {
  baselineEnv,
  node,
  productionEnv,
  productionOnly,
  type RunningServer,
  root,
  spawnServer,
  startHelloWorld,
} from "./lib/product.ts";
import { median, type Result } from "./lib/stats.ts";
import { type Load, load } from "./throughput.ts";

interface IngestLoad extends Load {
  events: number;
}

function ingest(origin: string, seconds: number, salt: string, pid: number): Promise<IngestLoad> {
  return new Promise((resolve, reject) => {
    const child = spawn(node, ["bench/tracking-load.ts", origin, String(seconds), salt, String(pid)], {
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

async function measure(
  name: string,
  databaseUrl: string,
  hello: RunningServer,
  options: { seconds: number; rounds: number },
  log: (line: string) => void,
): Promise<Result[]> {
  const api = await startApi(databaseUrl);
  const unjournaled = await startApi(databaseUrl, false);
  const parseOnly = await startParseOnly();
  const readOnly = await startReadOnly();
  const salt = api.env.HASHID_SALT as string;
  const samples: Array<{
    hello: Load;
    bare: IngestLoad;
    read: IngestLoad;
    ingest: IngestLoad;
    memoryOnly: IngestLoad;
    stored: number;
  }> = [];
  try {
    await ingest(api.origin, 2, salt, api.pid); // warm-up
    await ingest(unjournaled.origin, 2, salt, unjournaled.pid);
    await ingest(parseOnly.origin, 1, salt, parseOnly.pid);
    await ingest(readOnly.origin, 1, salt, readOnly.pid);
    for (let round = 1; round <= options.rounds; round++) {
      const helloLoad = await load(`${hello.origin}/`, options.seconds, {}, hello.pid);
      const bare = await ingest(parseOnly.origin, options.seconds, salt, parseOnly.pid);
      const read = await ingest(readOnly.origin, options.seconds, salt, readOnly.pid);
      await new Promise((r) => setTimeout(r, 1500)); // the last write of the warm-up or round lands
      const before = await storedRows(databaseUrl);
      const ingestLoad = await ingest(api.origin, options.seconds, salt, api.pid);
      await new Promise((r) => setTimeout(r, 2500)); // the write buffer's last flush (1 s) lands
      const stored = (await storedRows(databaseUrl)) - before;
      // the same beacon with its journal off: what keeping acknowledged batches across a kill costs
      const memoryOnly = await ingest(unjournaled.origin, options.seconds, salt, unjournaled.pid);
      await new Promise((r) => setTimeout(r, 2500));
      samples.push({ hello: helloLoad, bare, read, ingest: ingestLoad, memoryOnly, stored });
      const cpu = (l: Load) =>
        l.cpuMicrosPerAnswer === undefined ? "" : `, ${l.cpuMicrosPerAnswer.toFixed(0)} µs CPU each`;
      log(
        `tracking ${name} round ${round}/${options.rounds}: ${ingestLoad.rate.toFixed(0)} batches/s${cpu(ingestLoad)} ` +
          `(hello ${helloLoad.rate.toFixed(0)}/s${cpu(helloLoad)}; parse-only ${bare.rate.toFixed(0)}/s${cpu(bare)}; ` +
          `read-only ${read.rate.toFixed(0)}/s${cpu(read)}), ` +
          `p99 ${ingestLoad.p99.toFixed(1)} ms, ${(stored / options.seconds).toFixed(0)} events stored/s, errors ${ingestLoad.errors}; ` +
          `journal off ${memoryOnly.rate.toFixed(0)} batches/s${cpu(memoryOnly)}, p99 ${memoryOnly.p99.toFixed(1)} ms`,
      );
    }
  } finally {
    await api.close();
    await unjournaled.close();
    await parseOnly.close();
    await readOnly.close();
  }
  const ratio = median(samples.map((s) => s.ingest.rate / s.hello.rate));
  const bareRatio = median(samples.map((s) => s.bare.rate / s.hello.rate));
  const readRatio = median(samples.map((s) => s.read.rate / s.hello.rate));
  const readP99 = median(samples.map((s) => s.read.p99));
  const p99 = median(samples.map((s) => s.ingest.p99));
  const rate = median(samples.map((s) => s.ingest.rate));
  const cpuEach = median(samples.map((s) => s.ingest.cpuMicrosPerAnswer ?? 0));
  const storedPerSecond = median(samples.map((s) => s.stored / options.seconds));
  const acceptedPerSecond = median(samples.map((s) => s.ingest.events / options.seconds));
  const errors = samples.reduce((n, s) => n + s.ingest.errors, 0);
  const journalRatio = median(samples.map((s) => s.ingest.rate / s.memoryOnly.rate));
  const journalCpu = median(
    samples.map((s) => (s.ingest.cpuMicrosPerAnswer ?? 0) - (s.memoryOnly.cpuMicrosPerAnswer ?? 0)),
  );
  const memoryOnlyP99 = median(samples.map((s) => s.memoryOnly.p99));
  return [
    {
      part: "tracking",
      measure: `POST /tracker/log, batches of 20, ${name} ÷ hello-world`,
      figure: `${ratio.toFixed(2)}× (${rate.toFixed(0)} batches/s, ${acceptedPerSecond.toFixed(0)} events/s taken, ${errors} refused)`,
      budget: "≥ 0.5×",
      ok: ratio >= 0.5 && errors === 0,
    },
    {
      part: "tracking",
      measure: `POST /tracker/log, batches of 20, ${name}: p99 at 100 connections`,
      figure: `${p99.toFixed(1)} ms`,
      budget: "≤ 20 ms",
      ok: p99 <= 20,
    },
    {
      part: "tracking",
      measure: `tracking events stored per second, ${name} (one row an event) (information)`,
      figure: `${storedPerSecond.toFixed(0)} events/s`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `server CPU per batch, ${name}, all threads (information)`,
      figure: `${cpuEach.toFixed(0)} µs`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `the journal's cost (decision 044), ${name}: rate with it ÷ without, CPU per batch added (information)`,
      figure: `${journalRatio.toFixed(2)}×, ${journalCpu >= 0 ? "+" : ""}${journalCpu.toFixed(0)} µs; p99 without ${memoryOnlyP99.toFixed(1)} ms`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `bare Fastify route only parsing the same batches ÷ hello-world, beside ${name} (information)`,
      figure: `${bareRatio.toFixed(2)}×`,
      budget: "",
      ok: null,
    },
    {
      part: "tracking",
      measure: `bare node:http server only reading the same batches (no parse) ÷ hello-world, beside ${name} (information)`,
      figure: `${readRatio.toFixed(2)}×, p99 ${readP99.toFixed(1)} ms`,
      budget: "",
      ok: null,
    },
  ];
}

/** The tracking part of the bench, on SQLite and (when its binaries are there) PostgreSQL. */
export async function runTrackingBench(
  hello: RunningServer,
  options: { seconds: number; rounds: number; only?: string },
  log: (line: string) => void,
): Promise<Result[]> {
  const results: Result[] = [];
  if (options.only !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "davmu-bench-tracking-"));
    try {
      results.push(...(await measure("SQLite", `sqlite:${join(dir, "tracking.db")}`, hello, options, log)));
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
        results.push(...(await measure("PostgreSQL", url, hello, options, log)));
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
  const hello = await startHelloWorld();
  try {
    await load(`${hello.origin}/`, 2);
    const results = await runTrackingBench(
      hello,
      { seconds: Number(args.get("seconds") ?? 10), rounds: Number(args.get("rounds") ?? 3), only: args.get("only") },
      (line) => process.stderr.write(`${line}\n`),
    );
    console.log(table(results));
    process.exitCode = results.some((r) => r.ok === false) ? 1 : 0;
  } finally {
    await hello.close();
  }
}
