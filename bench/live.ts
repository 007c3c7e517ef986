/**
 * `npm run bench:live`: live rooms under load and faults (R-LIVE-1, R-LIVE-2), every figure beside
 * its budget, exit code 1 when one fails.
 *   1. 5,000 WebSocket connections subscribed to one room of one instance: memory per idle
 *      connection (the server's RSS delta ÷ connections; its V8 heap delta as information)
 *   2. fan-out of chat to that room of 5,000: deliveries per second (a burst, and a steady stream
 *      at the budget's rate, 10 messages a second to 5,000) and that stream's p99 send → receive
 *   3. two instances behind one Redis, half the clients on each: reach = received ÷ expected
 *   4. chaos on those clients: 1,000 random disconnects (each resumes with its last seq on either
 *      instance), one instance killed and restarted, Redis restarted, under a steady stream: gaps and
 *      duplicates by seq, resyncs, and whether every client ends holding every message
 * The clients run in worker threads (packages/test-support/src/live/pool.ts), one per core, on a lean WebSocket client
 * (packages/test-support/src/live/wire.ts); messages are sent over HTTP from the main thread, each carrying its send
 * time. Everything is on loopback; everything started is stopped at the end, on failure and on
 * Ctrl-C; the run is bounded (--deadline seconds, default 360).
 * --self-test runs against the bench's stand-in hub; --self-test=faulty against one that skips and
 * repeats messages on purpose (the run must then fail on gaps and duplicates).
 * Usage: npm run bench:live [-- --self-test[=faulty] --clients=5000 --rate=10 --seconds=6 --burst=40 --chaos-seconds=24]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism, cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { root } from "@davmu/test-support/launch";
import { ClientPool } from "@davmu/test-support/live/pool";
import { type LiveTarget, selfTestTarget } from "@davmu/test-support/live/target";
import { type Result, table } from "./lib/stats.ts";
import { chaos, defaultChaos } from "./live/chaos.ts";
import { fanOut, idleMemory, log, twoInstances } from "./live/parts.ts";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, "").split("=");
    return [key as string, value ?? "true"];
  }),
);
const number = (name: string, fallback: number) => Number(args.get(name) ?? fallback);
const clients = number("clients", 5000);
const deadlineSeconds = number("deadline", 360);

const results: Result[] = [];
let starting: Promise<LiveTarget> | null = null;
let target: LiveTarget | null = null;
let pool: ClientPool | null = null;
let cleaning: Promise<void> | null = null;

function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    await pool?.closeAll();
    await pool?.terminate().catch(() => undefined);
    // interrupted while the target was starting: let it finish starting, then stop all of it
    const started = target ?? (await starting?.catch(() => null)) ?? null;
    await started?.stop().catch((error: Error) => log(`stopping: ${error.message}`));
  })();
  return cleaning;
}

async function abort(why: string, code: number) {
  log(why);
  const forced = setTimeout(() => process.exit(code), 120000);
  forced.unref();
  await cleanup();
  process.exit(code);
}
process.once("SIGINT", () => void abort("interrupted: stopping everything", 130));
process.once("SIGTERM", () => void abort("terminated: stopping everything", 143));
const deadline = setTimeout(
  () => void abort(`the run passed its deadline of ${deadlineSeconds} s: stopping everything`, 1),
  deadlineSeconds * 1000,
);
deadline.unref();

async function makeTarget(): Promise<LiveTarget> {
  if (args.has("self-test")) return selfTestTarget(args.get("self-test") === "faulty");
  const { productTarget } = await import("./live/product.ts");
  return productTarget();
}

async function part(name: string, run: () => Promise<Result[]>) {
  if (cleaning) return; // interrupted or past the deadline: stopping
  try {
    results.push(...(await run()));
  } catch (error) {
    log(`${name} failed: ${(error as Error).stack}`);
    results.push({
      part: name,
      measure: "ran to the end",
      figure: (error as Error).message.slice(0, 120),
      budget: "yes",
      ok: false,
    });
  }
}

const started = Date.now();
const loadAtStart = loadavg()[0] as number;
try {
  log(`starting the target${args.has("self-test") ? " (self-test stand-in)" : ""}…`);
  starting = makeTarget();
  target = await starting;
  log(`target: ${target.name}, instances ${target.instances.map((i) => i.port).join(", ")}, room ${target.room}`);
  pool = new ClientPool(number("workers", Math.max(2, availableParallelism())));
  await pool.init(
    target.instances.map((i) => ({ host: i.host, port: i.port })),
    target.path,
  );
  const live = target;
  const clientsPool = pool;
  await part("live: one instance", () => idleMemory(live, clientsPool, clients));
  await part("live: fan-out", () =>
    fanOut(live, clientsPool, { burst: number("burst", 40), rate: number("rate", 10), seconds: number("seconds", 6) }),
  );
  await clientsPool.closeAll();
  await part("live: two instances, one Redis", () =>
    twoInstances(live, clientsPool, { clients, rate: number("rate", 10), seconds: 4 }),
  );
  await part("live: chaos", () =>
    chaos(live, clientsPool, {
      ...defaultChaos,
      seconds: number("chaos-seconds", defaultChaos.seconds),
      disconnects: number("disconnects", defaultChaos.disconnects),
    }),
  );
} catch (error) {
  log(`the run failed: ${(error as Error).stack}`);
  results.push({
    part: "live",
    measure: "ran to the end",
    figure: (error as Error).message.slice(0, 120),
    budget: "yes",
    ok: false,
  });
} finally {
  await cleanup();
}

const machine = `${availableParallelism()} × ${cpus()[0]?.model.trim() ?? "CPU"}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const load = `load average ${loadAtStart.toFixed(1)} at the start, ${(loadavg()[0] as number).toFixed(1)} at the end`;
const text = `Live rooms, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, ${machine}, ${load}, ${Math.round((Date.now() - started) / 1000)} s, against ${target?.name ?? "nothing"}:\n\n${table(results)}\n`;
console.log(text);
mkdirSync(join(root, ".bench"), { recursive: true });
writeFileSync(join(root, ".bench/live.md"), text);
process.exit(results.length > 0 && results.every((r) => r.ok !== false) ? 0 : 1);
