/**
 * What one of the site's server-side calls costs, over HTTP to the same process against in process
 * through Fastify's inject (decision 045): the API built as the product builds it (production mode,
 * secrets made for the run, a seeded SQLite file), listening on loopback, and the same calls made
 * both ways from the same process, one at a time, as a render makes them. The figure is this
 * process's CPU time per call (client and server are both in it: `process.cpuUsage()`), and the
 * wall time per call; each way runs alternately, --rounds times.
 * Usage: node bench/in-process-calls.ts [--calls=2000 --rounds=3]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { seedDemoData } from "@davmu/demo/seed";
import { productionEnv } from "@davmu/test-support/product";
import { buildApp } from "../apps/api/src/app.ts";
import { openDatabase } from "../apps/api/src/db/database.ts";
import { migrateToLatest } from "../apps/api/src/db/migrate.ts";
import { loadConfig } from "../apps/api/src/plugins/config.ts";
import { injectingFetch } from "../apps/web/server/in-process-api.ts";
import { anonymousToken, commandLine } from "./lib/args.ts";
import { median, type Result, table } from "./lib/stats.ts";

const args = commandLine();
const calls = Number(args.get("calls") ?? 2000);
const rounds = Number(args.get("rounds") ?? 3);

const dir = mkdtempSync(join(tmpdir(), "davmu-in-process-"));
const config = loadConfig({
  ...productionEnv(0, `sqlite:${join(dir, "bench.db")}`),
  SERVE_WEB: "false",
});
const database = openDatabase(config.database);
await migrateToLatest(database.db);
await seedDemoData(database.db);
const app = await buildApp(config, { database, logger: false });
await app.listen({ host: "127.0.0.1", port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
try {
  const row = await database.db
    .selectFrom("contents")
    .select("id")
    .where("state", "=", 0)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const item = createPublicIdCodec(config.hashidSalt, config.hashidMinLength).encode(row.id);
  const token = await anonymousToken(base, "bench-in-process");
  // as the site's client asks: its token, no compression
  const headers = { authorization: token, "accept-encoding": "identity" };
  const ways: Record<string, typeof fetch> = { http: fetch, inject: injectingFetch(app) };
  const paths = { "kept content answer": `/inner/static/content/${item}`, "hot list": "/inner/static/hot72" };
  const samples: Record<string, { cpu: number[]; wall: number[] }> = {};
  const measure = async (way: string, path: string) => {
    const call = async () => {
      const answer = await (ways[way] as typeof fetch)(base + path, { headers });
      if (((await answer.json()) as { code: number }).code !== 0) throw new Error(`${way} ${path}: not ok`);
    };
    for (let i = 0; i < 200; i++) await call();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < calls; i++) await call();
    const cpu = process.cpuUsage(cpuBefore);
    const key = `${way} ${path}`;
    samples[key] ??= { cpu: [], wall: [] };
    samples[key].cpu.push((cpu.user + cpu.system) / calls);
    samples[key].wall.push(((performance.now() - started) * 1000) / calls);
  };
  for (let round = 1; round <= rounds; round++) {
    for (const path of Object.values(paths)) for (const way of Object.keys(ways)) await measure(way, path);
    process.stderr.write(`round ${round}/${rounds} done\n`);
  }
  const results: Result[] = [];
  for (const [name, path] of Object.entries(paths)) {
    const http = samples[`http ${path}`] as { cpu: number[]; wall: number[] };
    const inject = samples[`inject ${path}`] as { cpu: number[]; wall: number[] };
    const spread = (xs: number[]) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
    results.push({
      part: "site → API",
      measure: `${name}: CPU per call in process ÷ over HTTP (client and server), median of ${rounds} rounds of ${calls}`,
      figure:
        `${(median(inject.cpu) / median(http.cpu)).toFixed(2)}× (${spread(inject.cpu)} µs against ${spread(http.cpu)} µs; ` +
        `wall ${spread(inject.wall)} µs against ${spread(http.wall)} µs)`,
      budget: "",
      ok: null,
    });
  }
  console.log(table(results));
} finally {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
}
