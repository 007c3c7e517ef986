/**
 * The page-quality benchmark: one command, every figure next to its budget, exit code 1 when a budget
 * fails. Timings are ratios to a baseline measured in the same run (machines and their load differ);
 * byte counts are exact.
 *   1. Lighthouse (mobile, simulated throttling), median of --runs runs, on every page type that answers
 *      200, each on a demo page found through the home page (Lighthouse does not audit a page answered
 *      with 404; the desktop wrapper is audited on a desktop screen, with the same throttling), and on
 *      the agreement page; each page beside its floor, the same HTML and CSS with no script, audited in
 *      the same run (bench/lighthouse.ts); then the first tap on the article's islands at 4× CPU
 *      slowdown on slow 4G, --tap-runs times, and again with the taps' code already in the browser's
 *      cache (bench/first-tap.ts)
 *   2. the first packet of every content detail page type: bytes (brotli, gzip) and whether it holds
 *      head, CSS, headline and lead
 *   3. JavaScript and CSS per page type, from the build's manifest
 *   4. SSR throughput: article over HTTP against the bare render (production mode), with the server's
 *      CPU per rendered page against the bare render's own; cached hits against a Fastify hello-world
 *   5. the content API against the same hello-world
 *   6. tracking ingestion: POST /tracker/log with batches of 20 events on SQLite and PostgreSQL, its
 *      server CPU per batch against a parse-only route's, and 50,000 events/s offered (bench/tracking.ts)
 *   7. with --scale: 1M contents and 10M comments on SQLite and PostgreSQL (bench/scale.ts)
 * --pages=article,home limits parts 1 and 2 to those page types (default: all of them).
 * --skip-tracking leaves out part 6.
 * --only=islands measures the island pages' budgets alone (R-WEB-ISLAND-3: Lighthouse against the floor
 * on the article and the agreement page, the first tap on the article; bench/islands.ts).
 * Every process measured (the product and each baseline) runs in production mode with the same Node
 * flags; the bench stops with an error rather than measure one in development mode.
 * --only=lighthouse runs part 1's audits alone (the page types of --pages, or all and the agreement page),
 * each with its paired differences from its floor (bench/lighthouse.ts `pairedRows`).
 * Usage: npm run bench [-- --runs=5 --seconds=10 --rounds=3 --tracking-runs=3 --tap-runs=3 --skip-lighthouse --skip-tracking --pages=… --scale --only=islands|lighthouse]
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type DetailPageType, firstFlush, firstPacketHolds } from "@davmu/test-support/first-flush";
import { pageBytes } from "@davmu/test-support/page-bytes";
import {
  agreementPath,
  demoPages,
  pageNames,
  phoneUserAgent,
  root,
  startHelloWorld,
  startProduct,
} from "@davmu/test-support/product";
import { firstTapResults } from "./first-tap.ts";
import { runIslandsOnly } from "./islands.ts";
import { anonymousToken, commandLine } from "./lib/args.ts";
import { median, printResults, type Result } from "./lib/stats.ts";
import { auditPages, type PageToAudit } from "./lighthouse.ts";
import { bareRender, type Load, load, replayCachedPage } from "./throughput.ts";
import { runTrackingBench } from "./tracking.ts";
import { runTrackingCost } from "./tracking-cost.ts";

const args = commandLine();
const runs = Number(args.get("runs") ?? 5);
const seconds = Number(args.get("seconds") ?? 10);
const rounds = Number(args.get("rounds") ?? 3);
const tapRuns = Number(args.get("tap-runs") ?? 3);
const log = (line: string) => process.stderr.write(`${line}\n`);
if (args.has("only") && !["islands", "lighthouse"].includes(args.get("only") as string)) {
  console.error(`--only: unknown part ${args.get("only")}; known: islands, lighthouse`);
  process.exit(2);
}
if (args.get("only") === "islands") process.exit(await runIslandsOnly({ runs, tapRuns }, log));
const results: Result[] = [];
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const chosen = args.has("pages") ? (args.get("pages") as string).split(",").filter(Boolean) : [...pageNames];
const unknown = chosen.filter((name) => !(pageNames as readonly string[]).includes(name));
if (unknown.length || !chosen.length) {
  console.error(`--pages: unknown page type ${unknown.join(", ") || "(none given)"}; known: ${pageNames.join(", ")}`);
  process.exit(2);
}

/**
 * What part 1 audits: the chosen page types, and the agreement page (an island page with no island a
 * visitor wakes) unless --pages names the types; each with its SEO budget unless it asks not to be
 * indexed (search results: Lighthouse's is-crawlable fails it), the desktop wrapper on a desktop screen.
 */
async function pagesToAudit(origin: string, pages: Array<{ name: string; path: string }>): Promise<PageToAudit[]> {
  const audited = args.has("pages") ? pages : [...pages, { name: "agreement", path: agreementPath }];
  const out: PageToAudit[] = [];
  for (const page of audited) {
    const html = await (await fetch(origin + page.path, { headers: { "user-agent": phoneUserAgent } })).text();
    out.push({
      name: page.name,
      url: origin + page.path,
      seo: !/<meta name="robots" content="[^"]*noindex/.test(html),
      // the desktop wrapper is sent to desktop browsers only; on a phone's screen its own content lies
      // outside the viewport and Lighthouse finds nothing painted (NO_FCP)
      ...(page.name === "pc"
        ? {
            desktopScreen: true,
            note: "desktop wrapper framing the article: desktop screen and user agent, mobile throttling",
          }
        : {}),
    });
  }
  return out;
}

/** Part 1's audits of those page types, each beside its floor; each audit's report kept in .bench/lighthouse. */
async function auditChosen(origin: string, pages: Array<{ name: string; path: string }>) {
  return auditPages(await pagesToAudit(origin, pages), runs, log, join(root, ".bench/lighthouse"));
}

const product = await startProduct();
if (args.get("only") === "lighthouse") {
  // part 1's audits alone, each page type beside its floor: the table printed, the exit code
  let measured: Result[] = [];
  try {
    const pages = (await demoPages(product.origin, product.env.HASHID_SALT as string)).filter((page) =>
      chosen.includes(page.name),
    );
    const audit = await auditChosen(product.origin, pages);
    measured = audit.results;
    log(`Chromium ${audit.chromium}`);
  } finally {
    await product.close();
  }
  // the reports of each audit go to .bench/lighthouse; the table to stdout only
  process.exit(printResults(measured).exitCode);
}
const hello = await startHelloWorld();
let chromiumVersion = "";
try {
  const all = await demoPages(product.origin, product.env.HASHID_SALT as string);
  const pages = all.filter((page) => chosen.includes(page.name));
  const articlePath = all.find((page) => page.name === "article")?.path as string;
  const postId = articlePath.split("/").at(-2) as string;
  for (const page of pages) log(`${page.name}: ${page.path}`);

  // 1. Lighthouse
  if (!args.has("skip-lighthouse")) {
    const audit = await auditChosen(product.origin, pages);
    chromiumVersion = audit.chromium;
    results.push(...audit.results, {
      part: "Lighthouse 404",
      measure: "not measured",
      figure: "Lighthouse refuses documents answered with status 404; axe covers the page (R-WEB-A11Y)",
      budget: "",
      ok: null,
    });
    // the first tap on the article's islands (R-WEB-ISLAND-3)
    if (chosen.includes("article"))
      results.push(...(await firstTapResults(product.origin + articlePath, tapRuns, log)));

    // 1b. what tracking costs each page type: audited with tracking on and opted out (bench/tracking-cost.ts)
    const trackingRuns = Number(args.get("tracking-runs") ?? 3);
    const tracked = pages.filter((page) => page.name !== "pc");
    results.push(...(await runTrackingCost(product.origin, tracked, trackingRuns, log)));
  }

  // 2. first packet of every content detail page, rendered (a query of its own skips the page cache)
  // and then cached (the same query again); the page cache says which it was (x-cache)
  for (const page of pages.filter((p) => p.detail)) {
    for (const encoding of ["br", "gzip"] as const) {
      const rendered = await firstFlush(product.origin, `${page.path}?first=${encoding}`, { encoding });
      const cached = await firstFlush(product.origin, `${page.path}?first=${encoding}`, { encoding });
      for (const [how, flush] of [
        ["rendered", rendered],
        ["cached", cached],
      ] as const) {
        const holds = firstPacketHolds(flush.html, page.name as DetailPageType);
        const missing = Object.entries(holds)
          .filter(([, ok]) => !ok)
          .map(([what]) => what);
        const cache = flush.headers["x-cache"] ?? "no x-cache";
        const expected = how === "cached" ? "hit" : "miss";
        results.push({
          part: "first packet",
          measure: `${page.name}, ${how}, ${encoding}`,
          figure:
            `${flush.bodyBytes} B of ${flush.totalBodyBytes} B; ` +
            `${missing.length ? `lacks ${missing.join(", ")}` : "head, CSS, headline, lead"}` +
            `${cache === expected ? "" : ` (${cache})`}${flush.status === 200 ? "" : ` (status ${flush.status})`}`,
          budget: "≤ 14,600 B with head, CSS, headline, lead",
          ok: flush.status === 200 && flush.bodyBytes <= 14600 && missing.length === 0,
        });
      }
    }
  }

  // 3. bytes per page type
  for (const page of await pageBytes(join(root, "apps/web/build"))) {
    results.push(
      {
        part: "bytes",
        measure: `${page.name} JavaScript (gzip, ${page.js.length} files)`,
        figure: kb(page.jsGzip),
        budget: "≤ 100 KB (stretch 60 KB)",
        ok: page.jsGzip <= 100 * 1024,
      },
      {
        part: "bytes",
        measure: `${page.name} CSS (gzip)`,
        figure: kb(page.cssGzip),
        budget: "≤ 15 KB",
        ok: page.cssGzip <= 15 * 1024,
      },
    );
  }

  // 4 and 5. throughput, in rounds so each target meets the machine in the same moods
  const token = await anonymousToken(product.origin, "bench");
  const pageUrl = product.origin + articlePath;
  // the cached page exactly as sent (brotli body and headers), for a baseline that answers the same
  await replayCachedPage(pageUrl, `${hello.origin}/replay`);
  const targets: Record<string, () => Promise<Load>> = {
    hello: () => load(`${hello.origin}/`, seconds, {}, hello.pid),
    helloSame: () => load(`${hello.origin}/replay`, seconds, {}, hello.pid),
    cachedPage: () => load(pageUrl, seconds, {}, product.pid),
    // a cookie makes a visitor non-anonymous: the page is rendered for every request
    renderedPage: () => load(pageUrl, seconds, { cookie: "bench=1" }, product.pid),
    contentApi: () =>
      load(`${product.origin}/inner/static/content/${postId}`, seconds, { authorization: token }, product.pid),
    // the product's own environment (production mode, its settings and secrets), its API on loopback
    bareRender: () => bareRender(pageUrl, seconds, { ...product.env, API_BASE: product.origin }),
  };
  const samples: Record<string, Load[]> = {};
  // warm up every server path (JIT, caches, connections) before measuring
  await load(`${hello.origin}/`, 2);
  await load(`${hello.origin}/replay`, 2);
  await load(pageUrl, 2);
  await load(pageUrl, 2, { cookie: "bench=1" });
  await load(`${product.origin}/inner/static/content/${postId}`, 2, { authorization: token });
  for (let round = 1; round <= rounds; round++) {
    for (const [name, run] of Object.entries(targets)) {
      const sample = await run();
      samples[name] ??= [];
      samples[name].push(sample);
      log(
        `round ${round}/${rounds} ${name}: ${sample.rate.toFixed(0)} req/s, p99 ${sample.p99.toFixed(1)} ms, errors ${sample.errors}`,
      );
    }
  }
  const m = (name: string, key: keyof Load) => median((samples[name] ?? []).map((s) => s[key] ?? Number.NaN));
  const rate = (name: string) => `${m(name, "rate").toFixed(0)}/s`;
  // each round runs every target back to back: the median of the rounds' ratios resists the load
  // of other processes drifting during the run better than a ratio of medians
  const roundRatio = (a: string, b: string, value: (s: Load) => number) =>
    median(
      (samples[a] ?? []).map((s, i) => {
        const other = samples[b]?.[i];
        return other ? value(s) / value(other) : Number.NaN;
      }),
    );
  const ratio = (a: string, b: string) => roundRatio(a, b, (s) => s.rate);
  // answers per µs of server CPU, against the hello-world's: what the server could give if the load
  // generator, which shares the machine's two cores with it, were not the bound
  const capacity = (a: string, b: string) => roundRatio(a, b, (s) => 1 / (s.cpuMicrosPerAnswer ?? Number.NaN));
  const cpu = (name: string) => m(name, "cpuMicrosPerAnswer");
  const errors = (name: string) => (samples[name] ?? []).reduce((n, s) => n + s.errors, 0);
  results.push(
    {
      part: "baseline",
      measure: "Fastify hello-world",
      figure: `${rate("hello")}, p99 ${m("hello", "p99").toFixed(1)} ms`,
      budget: "",
      ok: null,
    },
    {
      part: "baseline",
      measure: "bare render of the article, in process, production mode",
      figure: `${rate("bareRender")}, p99 ${m("bareRender", "p99").toFixed(1)} ms, ${cpu("bareRender").toFixed(0)} µs CPU per render`,
      budget: "",
      ok: null,
    },
    {
      part: "SSR",
      measure: "article rendered per request over HTTP ÷ bare render",
      figure: `${ratio("renderedPage", "bareRender").toFixed(2)}× (${rate("renderedPage")}, p99 ${m("renderedPage", "p99").toFixed(1)} ms)`,
      budget: "≥ 0.8×",
      ok: ratio("renderedPage", "bareRender") >= 0.8 && errors("renderedPage") === 0,
    },
    {
      part: "SSR",
      measure: "article rendered per request: server CPU per page ÷ the bare render's CPU per render",
      figure: `${roundRatio("renderedPage", "bareRender", (s) => s.cpuMicrosPerAnswer ?? Number.NaN).toFixed(2)}× (${cpu("renderedPage").toFixed(0)} µs against ${cpu("bareRender").toFixed(0)} µs)`,
      budget: "≤ 2.5×",
      ok: roundRatio("renderedPage", "bareRender", (s) => s.cpuMicrosPerAnswer ?? Number.NaN) <= 2.5,
    },
    {
      part: "SSR",
      measure: "article, cached anonymous hit ÷ hello-world",
      figure: `${ratio("cachedPage", "hello").toFixed(2)}× (${rate("cachedPage")})`,
      budget: "≥ 0.5×",
      ok: ratio("cachedPage", "hello") >= 0.5 && errors("cachedPage") === 0,
    },
    {
      part: "SSR",
      measure: "article, cached anonymous hit ÷ hello-world sending the same answer (information)",
      figure: `${ratio("cachedPage", "helloSame").toFixed(2)}× (${rate("helloSame")})`,
      budget: "",
      ok: null,
    },
    {
      part: "SSR",
      measure: "article, cached anonymous hit: server CPU per answer, hello-world's ÷ its (information)",
      figure: `${capacity("cachedPage", "hello").toFixed(2)}× (${cpu("cachedPage").toFixed(1)} µs against ${cpu("hello").toFixed(1)} µs)`,
      budget: "",
      ok: null,
    },
    {
      part: "SSR",
      measure: "article, cached anonymous hit p99 at 100 connections",
      figure: `${m("cachedPage", "p99").toFixed(1)} ms`,
      budget: "≤ 20 ms",
      ok: m("cachedPage", "p99") <= 20,
    },
    {
      part: "API",
      measure: "GET /inner/static/content/{id} ÷ hello-world",
      figure: `${ratio("contentApi", "hello").toFixed(2)}× (${rate("contentApi")})`,
      budget: "≥ 0.5×",
      ok: ratio("contentApi", "hello") >= 0.5 && errors("contentApi") === 0,
    },
    {
      part: "API",
      measure: "GET /inner/static/content/{id}: server CPU per answer, hello-world's ÷ its (information)",
      figure: `${capacity("contentApi", "hello").toFixed(2)}× (${cpu("contentApi").toFixed(1)} µs)`,
      budget: "",
      ok: null,
    },
    {
      part: "API",
      measure: "GET /inner/static/content/{id} p99 at 100 connections",
      figure: `${m("contentApi", "p99").toFixed(1)} ms`,
      budget: "≤ 20 ms",
      ok: m("contentApi", "p99") <= 20,
    },
  );

  // 6. tracking ingestion: batches of 20 events over HTTP, against a parse-only route (bench/tracking.ts)
  if (!args.has("skip-tracking")) results.push(...(await runTrackingBench({ seconds, rounds }, log)));
} finally {
  await Promise.all([product.close(), hello.close()]);
}

if (args.has("scale")) {
  const { runScale } = await import("./scale.ts");
  results.push(...(await runScale(log)));
}

const { output, exitCode } = printResults(results);
const dir = join(root, ".bench");
mkdirSync(dir, { recursive: true });
writeFileSync(join(dir, "results.md"), `${output}\n`);
writeFileSync(
  join(dir, "results.json"),
  `${JSON.stringify({ date: new Date().toISOString(), node: process.version, chromium: chromiumVersion, results }, null, 2)}\n`,
);
process.exit(exitCode);
