/**
 * Tracking ingestion (R-TRACK-5): batches of 20 events POSTed to /tracker/log over HTTP at 100
 * connections, against the API alone (SERVE_WEB=false) on a fresh SQLite file and on a throwaway
 * PostgreSQL, each round beside the Fastify hello-world: the rate as a ratio to the hello-world's,
 * its p99, and the events stored per second (rows counted in the database after each round).
 * Part of `npm run bench`; alone: node bench/tracking.ts [--seconds=10 --rounds=3 --only=sqlite|postgres]
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import { freePort } from "../scripts/free-port.ts";
import { startPostgresCluster } from "../scripts/postgres-cluster.ts";
import { node, productionEnv, type RunningServer, root, spawnServer, startHelloWorld } from "./lib/product.ts";
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

async function startApi(databaseUrl: string): Promise<RunningServer> {
  const port = await freePort();
  const env = {
    ...productionEnv(port, databaseUrl),
    SERVE_WEB: "false",
    // one bench client stands for many devices; the per-device limit is tested on its own
    TRACKING_PER_DEVICE_PER_MINUTE: "1000000",
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
  const salt = api.env.HASHID_SALT as string;
  const samples: Array<{ hello: Load; ingest: IngestLoad; stored: number }> = [];
  try {
    await ingest(api.origin, 2, salt, api.pid); // warm-up
    for (let round = 1; round <= options.rounds; round++) {
      const helloLoad = await load(`${hello.origin}/`, options.seconds, {}, hello.pid);
      await new Promise((r) => setTimeout(r, 1500)); // the last write of the warm-up or round lands
      const before = await storedRows(databaseUrl);
      const ingestLoad = await ingest(api.origin, options.seconds, salt, api.pid);
      await new Promise((r) => setTimeout(r, 2500)); // the write buffer's last flush (1 s) lands
      const stored = (await storedRows(databaseUrl)) - before;
      samples.push({ hello: helloLoad, ingest: ingestLoad, stored });
      log(
        `tracking ${name} round ${round}/${options.rounds}: ${ingestLoad.rate.toFixed(0)} batches/s ` +
          `(hello ${helloLoad.rate.toFixed(0)}/s), p99 ${ingestLoad.p99.toFixed(1)} ms, ` +
          `${(stored / options.seconds).toFixed(0)} rows stored/s, errors ${ingestLoad.errors}`,
      );
    }
  } finally {
    await api.close();
  }
  const ratio = median(samples.map((s) => s.ingest.rate / s.hello.rate));
  const p99 = median(samples.map((s) => s.ingest.p99));
  const rate = median(samples.map((s) => s.ingest.rate));
  const storedPerSecond = median(samples.map((s) => s.stored / options.seconds));
  const acceptedPerSecond = median(samples.map((s) => s.ingest.events / options.seconds));
  const errors = samples.reduce((n, s) => n + s.ingest.errors, 0);
  return [
    {
      part: "tracking",
      measure: `POST /tracker/log, batches of 20, ${name} ÷ hello-world`,
      figure: `${ratio.toFixed(2)}× (${rate.toFixed(0)} batches/s, ${acceptedPerSecond.toFixed(0)} events/s taken)`,
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
      measure: `tracking events stored per second, ${name} (rows; an expose naming 2 items is 2 rows) (information)`,
      figure: `${storedPerSecond.toFixed(0)} rows/s`,
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
