/**
 * What a first visit's scripts and styles cost the server, and their bytes on the wire (decisions 102
 * and 103):
 * the scripts the article runs once every island on it has woken (`check:bundle`'s set: before the
 * first tap, then the hydration chunk and each island's) and the style sheets it links, what a visitor
 * with an empty cache downloads, asked for as Chrome asks (`gzip, deflate, br, zstd`), `--concurrency` visits at
 * once. Two products, started as the bench starts the product (production mode, one freshly seeded
 * SQLite file), differ only in their build: one as `npm run build` leaves it, with its compressed twins
 * (`scripts/precompress.ts`), and the baseline, a copy of the same build without them, where the HTTP
 * layer compresses each file on each request, as before. The first is asked in two ways: as a browser
 * asks, answered from memory (decision 103), and with `If-Match: *`, which the memory leaves to the
 * static files (a header no browser sends for a script, and one they ignore for a file that exists),
 * answered from disk as before decision 103. Rounds alternate between the three, so all meet the
 * machine in the same moods; the server's CPU (user and kernel, all threads, /proc) is read around
 * each round.
 * Usage: node bench/asset-cpu.ts [--visits=300] [--rounds=3] [--concurrency=4]
 * Prints JSON: the files and, for each way, CPU per visit (ms, median of the rounds, and by thread)
 * and bytes per visit on the wire; the ratios of the CPU (from memory ÷ from disk, from disk ÷ on the
 * fly). Linux only.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freePort } from "@davmu/test-support/free-port";
import { awakeBytes, pageBytes, pageTypes } from "@davmu/test-support/page-bytes";
import {
  demoPages,
  measuredNodeFlags,
  node,
  phoneUserAgent,
  productionEnv,
  root,
  waitForOk,
} from "@davmu/test-support/product";
import { commandLine } from "./lib/args.ts";
import { type CpuReading, cpuPer, cpuReading } from "./lib/proc-cpu.ts";

const args = commandLine();
const visits = Number(args.get("visits") ?? 300);
const rounds = Number(args.get("rounds") ?? 3);
const concurrency = Number(args.get("concurrency") ?? 4);
const chrome = "gzip, deflate, br, zstd";

const dir = mkdtempSync(join(tmpdir(), "davmu-asset-cpu-"));
const database = `sqlite:${join(dir, "bench.db")}`;
const seeded = spawnSync(node, ["tools/demo/src/seed-cli.ts"], {
  cwd: root,
  env: { ...process.env, ...productionEnv(0, database) },
});
if (seeded.status !== 0) throw new Error(`seeding failed:\n${seeded.stderr}`);
// the baseline's build: the same files, without the compressed twins, beside the site's own packages
// (its server imports them by name) in a git-ignored folder
const bareParent = join(root, "apps/web/.bench", `asset-cpu-${process.pid}`);
const bare = join(bareParent, "build");
cpSync(join(root, "apps/web/build"), bare, { recursive: true, filter: (file) => !/\.(br|gz)$/.test(file) });

interface Product {
  name: string;
  origin: string;
  process: ChildProcess;
}

async function start(name: string, buildDir?: string): Promise<Product> {
  const port = await freePort();
  const env = { ...productionEnv(port, database), ...(buildDir ? { WEB_BUILD_DIR: buildDir } : {}) };
  const child = spawn(node, [...measuredNodeFlags, "apps/api/src/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  await waitForOk(`${origin}/readyz`, child, () => "");
  return { name, origin, process: child };
}

/** A way of asking for the files: which product, with which headers besides a browser's. */
interface Way {
  name: string;
  product: Product;
  headers: Record<string, string>;
}

const agent = new Agent({ keepAlive: true, maxSockets: concurrency });

/** One file as a browser asks for it (and `extra`): the bytes that came over the wire (not decoded). */
function download(origin: string, path: string, extra: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const sent = request(
      origin + path,
      { agent, headers: { "user-agent": phoneUserAgent, "accept-encoding": chrome, ...extra }, timeout: 10_000 },
      (response) => {
        let bytes = 0;
        response.on("data", (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on("end", () =>
          response.statusCode === 200 ? resolve(bytes) : reject(new Error(`${path} answered ${response.statusCode}`)),
        );
        response.on("error", reject);
      },
    );
    sent.on("timeout", () => sent.destroy(new Error(`${path}: no answer within 10 s`)));
    sent.on("error", reject);
    sent.end();
  });
}

const products: Product[] = [];
try {
  products.push(await start("precompressed"), await start("on the fly", bare));
  const [first] = products as [Product];
  const article = (await demoPages(first.origin, productionEnv(0, database).HASHID_SALT as string)).find(
    (page) => page.name === "article",
  );
  if (!article) throw new Error("no article found");
  const html = await (await fetch(first.origin + article.path, { headers: { "user-agent": phoneUserAgent } })).text();
  // what the page runs before a tap and once every island on it has woken (check:bundle's sets), and
  // the style sheets it links
  const buildDir = join(root, "apps/web/build");
  const [page] = await pageBytes(
    buildDir,
    pageTypes.filter((type) => type.name === "article"),
  );
  if (!page) throw new Error("no article page type");
  const islands = [...new Set([...html.matchAll(/<davmu-island data-island="([\w-]+)"/g)].map((m) => m[1] as string))];
  const awake = awakeBytes(buildDir, page, islands);
  const linked = [...html.matchAll(/\/davmu\/share\/(assets\/[\w.-]+\.(?:js|css))/g)].map((m) => m[1] as string);
  const files = [...new Set([...linked, ...awake.files.map((f) => f.file)])].map((file) => `/davmu/share/${file}`);
  if (islands.length === 0 || files.length < 2)
    throw new Error(`the article's islands or files were not found: ${islands}`);

  const [precompressed, onTheFly] = products as [Product, Product];
  const ways: Way[] = [
    { name: "from memory", product: precompressed, headers: {} },
    { name: "from disk", product: precompressed, headers: { "if-match": "*" } },
    { name: "on the fly", product: onTheFly, headers: {} },
  ];
  const visit = async (way: Way) => {
    let bytes = 0;
    for (const file of files) bytes += await download(way.product.origin, file, way.headers);
    return bytes;
  };
  const results = new Map<string, { cpu: number[]; byThread: CpuReading["byThread"][]; bytes: number }>();
  for (const way of ways) {
    for (let i = 0; i < 20; i++) await visit(way);
    results.set(way.name, { cpu: [], byThread: [], bytes: await visit(way) });
  }
  for (let round = 0; round < rounds; round++) {
    for (const way of round % 2 === 0 ? ways : [...ways].reverse()) {
      const pid = way.product.process.pid as number;
      const before = cpuReading(pid);
      let started = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (started < visits) {
            started++;
            await visit(way);
          }
        }),
      );
      const spent = cpuPer(before, cpuReading(pid), started);
      const result = results.get(way.name);
      result?.cpu.push(spent.total);
      result?.byThread.push(spent.byThread);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
  const summary = Object.fromEntries(
    [...results].map(([name, r]) => [
      name,
      {
        cpuMsPerVisit: Number(median(r.cpu).toFixed(3)),
        rounds: r.cpu.map((ms) => Number(ms.toFixed(3))),
        byThread: Object.fromEntries(
          (["request", "pool", "helpers"] as const).map((t) => [
            t,
            Number(median(r.byThread.map((b) => b[t])).toFixed(3)),
          ]),
        ),
        bytesPerVisit: r.bytes,
      },
    ]),
  );
  const cpu = (name: string) => median(results.get(name)?.cpu ?? []);
  console.log(
    JSON.stringify(
      {
        files: files.length,
        islands,
        visits,
        rounds,
        ...summary,
        memoryToDisk: Number((cpu("from memory") / cpu("from disk")).toFixed(3)),
        diskToOnTheFly: Number((cpu("from disk") / cpu("on the fly")).toFixed(3)),
      },
      null,
      1,
    ),
  );
} finally {
  for (const product of products) {
    const exited = new Promise((resolve) => product.process.once("exit", resolve));
    product.process.kill("SIGTERM");
    await exited;
  }
  agent.destroy();
  rmSync(dir, { recursive: true, force: true });
  rmSync(bareParent, { recursive: true, force: true });
}
