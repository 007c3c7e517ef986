/**
 * Scale: the API's content item and comment pages with 1,000,000 contents and 10,000,000 comments, on
 * SQLite and on PostgreSQL, as a ratio to the same requests on a 1,000-row data set.
 * Generation is set-based (a recursive CTE on SQLite, generate_series on PostgreSQL) in chunks, with
 * the secondary indexes dropped during the load and rebuilt after it; progress goes to stderr.
 * One post (id 1) carries a long thread, so a deep comment page exists at both sizes.
 * Latency: sequential requests over keep-alive HTTP against the real API server, median of each.
 * What a content answer costs, on the large data set: the server's CPU time per answer (all its
 * threads, /proc/{pid}/stat) and the median latency of sequential requests, uncached (distinct items,
 * each asked once) and cached (one item asked again and again); and a crawler burst: distinct
 * uncached items asked 8 at a time while autocannon (100 connections, a process of its own) asks
 * for one cached item, whose p99 is compared with the same load without the burst.
 * Every item's body is its own, about 5 KB (twenty paragraphs), stored cleaned and sealed as the API
 * stores one (decisions 090, 091); `--bodies-unclean` stores them as rows written before them, cleaned
 * on every read.
 * Usage: npm run bench:scale [-- --contents=1000000 --comments=10000000 --only=sqlite|postgres --burst-seconds=5
 *   --bodies-unclean]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { freePort } from "@davmu/test-support/free-port";
import { startPostgresCluster } from "@davmu/test-support/postgres-cluster";
import { productionEnv, spawnServer } from "@davmu/test-support/product";
import SQLite from "better-sqlite3";
import pg from "pg";
import { openDatabase } from "../apps/api/src/db/database.ts";
import { migrateToLatest } from "../apps/api/src/db/migrate.ts";
import {
  articleBodySeal,
  articleBodySealPrefix,
  articleSanitizerVersion,
  isSealedArticleBody,
  sanitizeArticleHtml,
} from "../apps/api/src/lib/sanitize-html.ts";
import { loadConfig } from "../apps/api/src/plugins/config.ts";
import { anonymousToken } from "./lib/args.ts";
import { median, percentile, processCpuSeconds, type Result, table } from "./lib/stats.ts";
import { type Load, load } from "./throughput.ts";

export interface DataSize {
  contents: number;
  comments: number;
  /** Comments on post 1, newest first in pages of 10 */
  thread: number;
}

/** The page of post 1's thread that is timed, read by keyset cursor and by page number. */
const deepPage = 40;
const pageSize = 10;
const samples = 300;
const users = 1000;
const chunk = 250_000;

function progress(label: string, done: number, total: number, started: number) {
  const width = 30;
  const filled = Math.round((done / total) * width);
  const rate = done / Math.max(0.001, (performance.now() - started) / 1000);
  process.stderr.write(
    `\r${label.padEnd(28)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${((100 * done) / total).toFixed(0).padStart(3)}%  ${Math.round(rate).toLocaleString("en")} rows/s   `,
  );
  if (done >= total) process.stderr.write("\n");
}

/**
 * An article's body as the field writes it: twenty paragraphs, about 5 KB, and every item's its own
 * (`item` is the SQL or JS of its number), so no read finds another item's body already cleaned.
 */
const bodyParagraphs = 20;
function articleBody(item: string, join: (parts: string[]) => string, quote: (text: string) => string) {
  const parts: string[] = [];
  for (let n = 1; n <= bodyParagraphs; n++) {
    parts.push(
      quote("<p>第"),
      item,
      quote(
        `篇稿件第${n}段：江澜老城青石巷里，一位修表匠在三平方米的柜台后坚守了三十八年，修过的钟表数以万计，还常为老人免费调校老座钟。<strong>“手艺要对得起人家的时间。”</strong></p>`,
      ),
    );
  }
  return join(parts);
}
const bodySql = articleBody(
  "i",
  (parts) => parts.join(" || "),
  (text) => `'${text}'`,
);
const bodyText = (i: number) =>
  articleBody(
    String(i),
    (parts) => parts.join(""),
    (text) => text,
  );

/**
 * The stored bodies are clean HTML, stored as the API stores a body it is given (decisions 090, 091):
 * cleaned, with the sanitizer's version and the body's seal. With `--bodies-unclean`, as rows written
 * before them (version 0, no seal), which are cleaned on every read.
 */
let bodiesSealed = true;

/** The items asked for by number at scale (`measure`): one every `step`, from item 1. */
const sampleStep = (size: DataSize) => Math.max(1, Math.floor(size.contents / (samples + 50)));
/** The newest items, which the uncached answers and the crawler burst ask for (`contentCost`). */
const newestWithBodies = 25_000;

/** SQL for the rows of one chunk [from, to], written once for both dialects around a row-number source `i`. */
function contentSelect(size: DataSize, base: number, seal: Generator["seal"]) {
  const perPost = Math.floor((size.comments - size.thread) / Math.max(1, size.contents - 1));
  // a full body for every item a request reads (the newest, and those sampled at scale); a short one
  // for the rest, so that a million items stay a few hundred megabytes
  const withBody = `i > ${size.contents - newestWithBodies} OR (i - 1) % ${sampleStep(size)} = 0`;
  const body = `CASE WHEN ${withBody} THEN ${bodySql} ELSE '<p>正文第一段。</p><p>正文第二段。</p>' END`;
  const sealed = bodiesSealed ? `${articleSanitizerVersion}, ${seal(body)}` : "0, ''";
  return `i, 'gen-' || i, 'article', 'city', '第' || i || '篇：城市更新中的老街与新生活', '这是一段导语，介绍这篇稿件的要点。', '江澜日报',
    ${body}, ${sealed}, '', ${base} + i * 1000, i % 5000, 0, 0, '', 0, '{}', 0, 1, 1,
    ${base} + i * 1000, ${base} + i * 1000, CASE WHEN i = 1 THEN ${size.thread} ELSE ${perPost} END`;
}
const contentColumns = `id, external_id, content_type, group_id, title, summary, source_alias, body_html, body_clean_version, body_clean_seal, cover_url,
  publish_at, view_count, like_count, collect_count, duration_str, pic_num, payload_json, state, comment_available,
  enable_comment, created_at, updated_at, comment_count`;

function commentSelect(size: DataSize, base: number) {
  const others = Math.max(1, size.contents - 1);
  return `i, CASE WHEN i <= ${size.thread} THEN 1 ELSE 2 + ((i - ${size.thread} - 1) % ${others}) END,
    1 + (i % ${users}), 0, '第' || i || '条评论：写得好，支持！', 'published', '江苏', ${base} + i * 10`;
}
const commentColumns = "id, content_id, user_id, root_id, body, status, ip_location, created_at";

async function fill(
  exec: (sql: string) => Promise<void>,
  label: string,
  total: number,
  statement: (from: number, to: number) => string,
) {
  const started = performance.now();
  for (let from = 1; from <= total; from += chunk) {
    const to = Math.min(total, from + chunk - 1);
    await exec(statement(from, to));
    progress(label, to, total, started);
  }
}

interface Generator {
  exec(sql: string): Promise<void>;
  /** The first row a query answers. */
  first(sql: string): Promise<Record<string, unknown> | undefined>;
  /** Secondary indexes of the two big tables, as SQL that recreates them. */
  indexes(): Promise<Array<{ name: string; sql: string }>>;
  series(from: number, to: number, select: string): string;
  /** SQL of the seal of the body an SQL expression makes (`articleBodySeal`, decision 091). */
  seal(body: string): string;
  close(): Promise<void>;
}

async function generate(generator: Generator, size: DataSize, label: string) {
  const base = Date.UTC(2020, 0, 1);
  const indexes = await generator.indexes();
  for (const index of indexes) await generator.exec(`DROP INDEX ${index.name}`);
  await generator.exec(
    `INSERT INTO users (id, alias, avatar, created_at) ${generator.series(1, users, `i, '读者' || i, '', ${base}`)}`,
  );
  await fill(
    (sql) => generator.exec(sql),
    `${label} contents`,
    size.contents,
    (from, to) =>
      `INSERT INTO contents (${contentColumns}) ${generator.series(from, to, contentSelect(size, base, generator.seal))}`,
  );
  // the seals written by SQL must be the ones the API makes, or every read would clean its body
  const newest = await generator.first(`SELECT body_html, body_clean_seal FROM contents WHERE id = ${size.contents}`);
  if (bodiesSealed && !isSealedArticleBody(String(newest?.body_html), String(newest?.body_clean_seal))) {
    throw new Error("the generated bodies' seals are not the API's");
  }
  await fill(
    (sql) => generator.exec(sql),
    `${label} comments`,
    size.comments,
    (from, to) => `INSERT INTO comments (${commentColumns}) ${generator.series(from, to, commentSelect(size, base))}`,
  );
  const started = performance.now();
  for (const [n, index] of indexes.entries()) {
    await generator.exec(index.sql);
    progress(`${label} indexes`, n + 1, indexes.length, started);
  }
}

function sqliteGenerator(path: string): Generator {
  const db = new SQLite(path);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -1000000");
  db.function("article_body_seal", { deterministic: true }, (body) => articleBodySeal(String(body)));
  return {
    async exec(sql) {
      db.exec(sql);
    },
    first: async (sql) => db.prepare(sql).get() as Record<string, unknown> | undefined,
    async indexes() {
      return db
        .prepare(
          "SELECT name, sql FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('contents', 'comments')",
        )
        .all() as Array<{ name: string; sql: string }>;
    },
    series: (from, to, select) =>
      `WITH RECURSIVE s(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM s WHERE i < ${to}) SELECT ${select} FROM s`,
    seal: (body) => `article_body_seal(${body})`,
    async close() {
      db.exec("ANALYZE");
      db.close();
    },
  };
}

async function postgresGenerator(url: string): Promise<Generator> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("SET maintenance_work_mem = '512MB'");
  return {
    async exec(sql) {
      await client.query(sql);
    },
    first: async (sql) => (await client.query(sql)).rows[0],
    async indexes() {
      const { rows } = await client.query(
        `SELECT indexname AS name, indexdef AS sql FROM pg_indexes WHERE schemaname = 'public'
           AND tablename IN ('contents', 'comments')
           AND indexname NOT IN (SELECT conname FROM pg_constraint)`,
      );
      return rows as Array<{ name: string; sql: string }>;
    },
    series: (from, to, select) => `SELECT ${select} FROM generate_series(${from}, ${to}) AS s(i)`,
    // SHA-256 of the seal's prefix (the versions, a newline) and the body, as base64url without padding
    seal: (body) =>
      `rtrim(translate(encode(sha256(convert_to('${articleBodySealPrefix.slice(0, -1)}' || chr(10) || ${body}, 'UTF8')), 'base64'), '+/', '-_'), '=')`,
    async close() {
      for (const table of ["users", "contents", "comments"]) {
        await client.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
      }
      await client.query("VACUUM ANALYZE");
      await client.end();
    },
  };
}

interface Latencies {
  content: number[];
  keyset: number[];
  offset: number[];
  /** What a content answer costs (measured on the large data set only). */
  cost?: ContentCost;
}

interface ContentCost {
  /** Server CPU per answer, in microseconds, and sequential latencies, in milliseconds */
  uncachedCpu: number;
  cachedCpu: number;
  uncached: number[];
  cached: number[];
  /** autocannon on one cached item without and then with a crawler burst beside it */
  quiet: Load;
  burst: Load;
  /** Distinct uncached items answered during the burst, and their latencies */
  crawled: number[];
  crawlErrors: number;
  /** The crawler asked for every item before the burst ended */
  exhausted: boolean;
}

/** As a browser asks: the compressed forms it takes. */
const acceptEncoding = "gzip, deflate, br";
let burstSeconds = 5;

/** The real API server over the database; sequential requests, each timed. */
async function measure(databaseUrl: string, size: DataSize, withCost = false): Promise<Latencies> {
  const port = await freePort();
  const env: Record<string, string> = { ...productionEnv(port, databaseUrl), SERVE_WEB: "false", PG_POOL_MAX: "4" };
  const server = await spawnServer(["apps/api/src/main.ts"], env, "/readyz", `http://127.0.0.1:${port}`);
  try {
    const codec = createPublicIdCodec(env.HASHID_SALT as string, 8);
    const origin = server.origin;
    const token = await anonymousToken(origin, "bench-scale");
    const timed = async (path: string) => {
      const started = performance.now();
      const response = await fetch(origin + path, {
        headers: { authorization: token, "accept-encoding": acceptEncoding },
      });
      const body = (await response.json()) as { code: number };
      if (body.code !== 0) throw new Error(`${path}: ${JSON.stringify(body)}`);
      return performance.now() - started;
    };
    // a deep page of post 1's thread: the cursor is the last comment of the page before it
    const cursor = codec.encode(size.thread - (deepPage - 1) * pageSize + 1);
    const post = codec.encode(1);
    const latencies: Latencies = { content: [], keyset: [], offset: [] };
    // content ids spread over the whole table, each asked once: every answer comes from the database
    const step = sampleStep(size);
    const asked = new Set<number>();
    for (let n = 0; n < samples + 50; n++) {
      asked.add(1 + n * step);
      const content = await timed(`/inner/static/content/${codec.encode(1 + n * step)}`);
      const keyset = await timed(`/peony/v1/comment/${post}?size=${pageSize}&cursor=${cursor}`);
      const offset = await timed(`/peony/v1/comment/${post}?size=${pageSize}&page=${deepPage}`);
      if (n < 50) continue; // warm-up
      latencies.content.push(content);
      latencies.keyset.push(keyset);
      latencies.offset.push(offset);
    }
    if (withCost) latencies.cost = await contentCost(server.pid, origin, token, size, asked, timed, codec.encode);
    return latencies;
  } finally {
    await server.close();
  }
}

/**
 * What a content answer costs the server: CPU per answer and sequential latency, uncached (items never
 * asked before) and cached; then p99 of cached hits under load while a crawler asks for distinct items.
 */
async function contentCost(
  pid: number,
  origin: string,
  token: string,
  size: DataSize,
  asked: Set<number>,
  timed: (path: string) => Promise<number>,
  encode: (id: number) => string,
): Promise<ContentCost> {
  // items never asked for yet, from the newest down, among those with a full body
  let next = size.contents + 1;
  const lowest = Math.max(1, size.contents - newestWithBodies + 1);
  const fresh = () => {
    do next--;
    while (asked.has(next));
    if (next < lowest) throw new Error("the data set has too few contents for the crawler burst");
    asked.add(next);
    return `/inner/static/content/${encode(next)}`;
  };
  const perAnswer = async (paths: () => string, n: number) => {
    const latencies: number[] = [];
    const before = processCpuSeconds(pid);
    for (let i = 0; i < n; i++) latencies.push(await timed(paths()));
    return { cpu: ((processCpuSeconds(pid) - before) * 1e6) / n, latencies };
  };
  for (let i = 0; i < 50; i++) await timed(fresh()); // warm-up
  const uncached = await perAnswer(fresh, samples);
  // one item, asked for again: once its compressed forms are made, every answer is the kept one
  const kept = fresh();
  await timed(kept);
  await timed(kept);
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (let i = 0; i < 50; i++) await timed(kept);
  const cached = await perAnswer(() => kept, samples);

  const headers = { authorization: token };
  const quiet = await load(origin + kept, burstSeconds, headers, pid);
  const crawled: number[] = [];
  let crawlErrors = 0;
  let loading = true;
  let exhausted = false;
  const crawler = async () => {
    while (loading && !exhausted) {
      let path: string;
      try {
        path = fresh();
      } catch {
        // every item has been asked for: the crawler stops (a small data set, a long burst)
        exhausted = true;
        break;
      }
      try {
        crawled.push(await timed(path));
      } catch {
        crawlErrors++;
      }
    }
  };
  const burstLoad = load(origin + kept, burstSeconds, headers, pid).finally(() => {
    loading = false;
  });
  const crawlers = Array.from({ length: 8 }, crawler);
  const [burst] = await Promise.all([burstLoad, ...crawlers]);
  return {
    uncachedCpu: uncached.cpu,
    cachedCpu: cached.cpu,
    uncached: uncached.latencies,
    cached: cached.latencies,
    quiet,
    burst: burst as Load,
    crawled,
    crawlErrors,
    exhausted,
  };
}

const small: DataSize = { contents: 1000, comments: 1000, thread: 500 };

export async function runScale(
  log: (line: string) => void,
  large: DataSize = { contents: 1_000_000, comments: 10_000_000, thread: 1_000_000 },
  only?: string,
): Promise<Result[]> {
  const results: Result[] = [];
  const report = (dialect: string, smallRun: Latencies, largeRun: Latencies) => {
    for (const [key, what] of [
      ["content", "GET /inner/static/content/{id}"],
      ["keyset", `comment page ${deepPage} by cursor`],
      ["offset", `comment page ${deepPage} by page number`],
    ] as const) {
      const ratio = median(largeRun[key]) / median(smallRun[key]);
      results.push({
        part: `scale ${dialect}`,
        measure: `${what}: ${large.contents.toLocaleString("en")} contents / ${large.comments.toLocaleString("en")} comments ÷ 1,000 rows`,
        figure: `${ratio.toFixed(2)}× (${median(largeRun[key]).toFixed(2)} ms vs ${median(smallRun[key]).toFixed(2)} ms; p99 ${percentile(largeRun[key], 99).toFixed(1)} ms)`,
        budget: "≤ 1.2×",
        ok: ratio <= 1.2,
      });
    }
    const cost = largeRun.cost;
    if (!cost) return;
    const part = `content cost ${dialect}`;
    const latencyRatio = median(cost.uncached) / median(cost.cached);
    results.push(
      {
        part,
        measure: "uncached content answer: server CPU per answer (all threads), distinct items asked once",
        figure: `${(cost.uncachedCpu / 1000).toFixed(2)} ms (cached ${(cost.cachedCpu / 1000).toFixed(2)} ms)`,
        budget: "≤ 3 ms",
        ok: cost.uncachedCpu <= 3000,
      },
      {
        part,
        measure: "uncached ÷ cached content answer, latency at p50 (sequential requests)",
        figure: `${latencyRatio.toFixed(2)}× (${median(cost.uncached).toFixed(2)} ms vs ${median(cost.cached).toFixed(2)} ms; p99 ${percentile(cost.uncached, 99).toFixed(1)} vs ${percentile(cost.cached, 99).toFixed(1)} ms)`,
        budget: "≤ 1.5×",
        ok: latencyRatio <= 1.5,
      },
      {
        part,
        measure: `cached hits p99 at 100 connections during a crawler burst (distinct uncached items, 8 at a time, ${burstSeconds} s)`,
        figure:
          `${cost.burst.p99.toFixed(1)} ms (${cost.burst.rate.toFixed(0)}/s; without the burst p99 ${cost.quiet.p99.toFixed(1)} ms, ` +
          `${cost.quiet.rate.toFixed(0)}/s); ${cost.crawled.length} items crawled, p50 ${median(cost.crawled).toFixed(1)} ms` +
          `${cost.crawlErrors ? `, ${cost.crawlErrors} failed` : ""}` +
          `${cost.exhausted ? "; every item was crawled before the burst ended" : ""}`,
        budget: "< 20 ms",
        ok: cost.burst.p99 < 20 && cost.burst.errors === 0 && cost.crawlErrors === 0 && cost.crawled.length > 0,
      },
    );
  };

  if (only !== "postgres") {
    const dir = mkdtempSync(join(tmpdir(), "davmu-scale-"));
    try {
      const runs: Latencies[] = [];
      for (const [name, size] of [
        ["small", small],
        ["large", large],
      ] as const) {
        const path = join(dir, `${name}.db`);
        const handle = openDatabase(loadConfig({ DATABASE_URL: `sqlite:${path}` }).database);
        await migrateToLatest(handle.db);
        await handle.destroy();
        const generator = sqliteGenerator(path);
        await generate(generator, size, `sqlite ${name}`);
        await generator.close();
        log(`sqlite ${name}: measuring`);
        runs.push(await measure(`sqlite:${path}`, size, name === "large"));
      }
      report("SQLite", runs[0] as Latencies, runs[1] as Latencies);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }

  if (only !== "sqlite") {
    const cluster = await startPostgresCluster({ shared_buffers: "1GB", max_wal_size: "4GB" });
    try {
      const runs: Latencies[] = [];
      for (const name of ["small", "large"] as const) {
        const admin = new pg.Client({ connectionString: cluster.adminUrl });
        await admin.connect();
        await admin.query(`CREATE DATABASE scale_${name}`);
        await admin.end();
        const url = cluster.adminUrl.replace(/\/postgres$/, `/scale_${name}`);
        const handle = openDatabase(loadConfig({ DATABASE_URL: url }).database);
        await migrateToLatest(handle.db);
        await handle.destroy();
        const size = name === "small" ? small : large;
        const generator = await postgresGenerator(url);
        await generate(generator, size, `postgres ${name}`);
        await generator.close();
        log(`postgres ${name}: measuring`);
        runs.push(await measure(url, size, name === "large"));
      }
      report("PostgreSQL", runs[0] as Latencies, runs[1] as Latencies);
    } finally {
      cluster.stop();
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
  burstSeconds = Number(args.get("burst-seconds") ?? burstSeconds);
  if (args.has("bodies-unclean")) bodiesSealed = false;
  // what is stored as cleaned must be what cleaning makes of it
  if (sanitizeArticleHtml(bodyText(7)) !== bodyText(7)) throw new Error("the generated body is not clean HTML");
  const contents = Number(args.get("contents") ?? 1_000_000);
  const comments = Number(args.get("comments") ?? 10_000_000);
  const results = await runScale(
    (line) => process.stderr.write(`${line}\n`),
    { contents, comments, thread: Math.min(1_000_000, Math.floor(comments / 10)) },
    args.get("only"),
  );
  console.log(table(results));
  process.exit(results.some((r) => r.ok === false) ? 1 : 0);
}
