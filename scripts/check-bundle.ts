/**
 * Budgets and syntax checks on the built site (apps/web/build):
 * - every shipped script parses as ES2019 plus dynamic import() and import.meta, and calls no built-in
 *   that WeChat's Chrome 78 / iOS 12 WebViews lack (scripts/legacy-syntax.ts);
 * - per page type (home, article and every other content type, 404, pc), the JavaScript and CSS a
 *   visitor downloads to render and hydrate it (packages/test-support/src/page-bytes.ts) stay within budget;
 * - no schema code ships: browsers get the calls' route table, not their TypeBox schemas
 *   (apps/web/call-routes.ts), which only the servers check answers with;
 * - the browser never runs React Router (R-WEB-ISLAND-1, decision 058): no script a page can load,
 *   from the island loader through every island, sheet and chunk they import, carries its code; nor
 *   React DOM: the islands render with Preact's compat layer (decision 070);
 * - per page type, what the page has run once every island on it has woken (R-WEB-ISLAND-3, ≤ 60 KiB):
 *   the product is started on a seeded SQLite file, each page type's demo page asked for as a phone
 *   asks, and its islands read from the markup;
 * - the first taps the bench measures (打开App, 写评论, 收藏 on the article, and the guide's code the
 *   dialog fetches as it shows, for 立即前往): the requests their answer's code takes beyond what the
 *   page ran before, at most six, one round over HTTP/1.1's six connections to a host (R-WEB-ISLAND-3,
 *   decision 073);
 * - per page type, the modules its islands' wakes fetch beyond the hydration chunk that no island on it
 *   runs: none (decision 075), read from what the client build writes of its chunks and of each wake
 *   (`build/island-wakes.json`, apps/web/island-wakes.ts).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { demoTips } from "@davmu/demo/areas/tips";
import {
  awakeBytes,
  hydrationChunk,
  lazyRequests,
  pageBytes,
  pageTypes,
  reachableScripts,
  wakeRequests,
} from "@davmu/test-support/page-bytes";
import { agreementPath, demoPages, phoneUserAgent, startProduct } from "@davmu/test-support/product";
import { unusedOnPage, type WakeGraph, wakeGraphFile } from "../apps/web/island-wakes.ts";
import { findLegacyProblems } from "./legacy-syntax.ts";

const build = new URL("../apps/web/build/", import.meta.url).pathname;
const assets = join(build, "client", "assets");
/** Gzip bytes of JavaScript one page may load: the budget (JS_BUDGET_GZIP overrides). */
export const jsBudgetGzip = Number(process.env.JS_BUDGET_GZIP ?? 100 * 1024);
/** Gzip bytes of JavaScript an island page runs before the first interaction (R-WEB-ISLAND-3). */
export const islandBudgetGzip = Number(process.env.ISLAND_BUDGET_GZIP ?? 25 * 1024);
/** Gzip bytes of JavaScript a page has run once every island on it has woken (R-WEB-ISLAND-3). */
export const awakeBudgetGzip = Number(process.env.AWAKE_BUDGET_GZIP ?? 60 * 1024);
/** Gzip bytes of CSS one page may load, inlined or linked (CSS_BUDGET_GZIP overrides). */
export const cssBudgetGzip = Number(process.env.CSS_BUDGET_GZIP ?? 15 * 1024);
/**
 * Requests a first tap's answer may wait for beyond what the page ran before the tap: Chromium opens
 * six connections to a host over HTTP/1.1, so a seventh waits a round (562.5 ms on slow 4G).
 */
export const tapRequestBudget = 6;
/**
 * Bytes (before compression) of modules a page's wakes fetch beyond the hydration chunk that no island
 * on it runs (decision 075): a chunk group that takes in a module shared with another feature makes
 * every island importing it fetch the group's whole chunk, another island's code with it.
 */
export const unusedBudget = Number(process.env.UNUSED_WAKE_BUDGET ?? 0);
/** What each island's wake runs and what each chunk holds, as the client build wrote it (apps/web/island-wakes.ts). */
const wakeGraph = JSON.parse(readFileSync(join(build, wakeGraphFile), "utf8")) as WakeGraph;
const hydrate = hydrationChunk(build);

const problems: string[] = [];
const scripts = readdirSync(assets).filter((f) => f.endsWith(".js"));
for (const file of scripts) {
  const code = readFileSync(join(assets, file), "utf8");
  for (const problem of findLegacyProblems(code)) {
    problems.push(`${file}:${problem.offset}: ${problem.what}`);
  }
  // TypeBox marks every schema it builds with "~kind"
  if (code.includes('"~kind"'))
    problems.push(`${file}: carries TypeBox schema code (import values from a schema-free module)`);
}

/** What only React Router's browser runtime contains: its globals and its router-context checks. */
export const reactRouterMarkers = ["__reactRouterContext", "__reactRouterRouteModules", "in the context of a <Router>"];
/** What only React and React DOM's production builds contain: the address of their error decoder. */
export const reactMarkers = ["https://react.dev/errors/"];
const reachable = reachableScripts(build);
for (const file of reachable) {
  const code = readFileSync(join(build, "client", file), "utf8");
  for (const marker of reactRouterMarkers) {
    if (code.includes(marker)) problems.push(`${file}: carries React Router's browser code (${marker}); pages load it`);
  }
  for (const marker of reactMarkers) {
    if (code.includes(marker))
      problems.push(`${file}: carries React's browser build (${marker}); islands render with Preact`);
  }
}
console.log(`${reachable.length} scripts a page can load checked for React Router and React DOM: none may carry them`);

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
console.log(`${scripts.length} scripts checked for Chrome 78 / iOS 12`);
console.log(
  `page type      JS gzip before a first tap (budget ${kib(islandBudgetGzip)}; ${kib(jsBudgetGzip)} without islands)   every island awake (budget ${kib(awakeBudgetGzip)})   CSS gzip (budget ${kib(cssBudgetGzip)})   fetched by wakes, never run (before compression; budget ${kib(unusedBudget)} beyond the hydration chunk)`,
);
const pages = await pageBytes(build);
/** The islands each page type's demo page draws, as the server sends it to a phone. */
const islandsOn = new Map<string, string[]>();
const product = await startProduct();
try {
  const paths = new Map(
    (await demoPages(product.origin, product.env.HASHID_SALT as string)).map((d) => [d.name, d.path]),
  );
  const demoName = new Map(pageTypes.map((type) => [type.name, type.demo ?? type.name]));
  // the pages the bench does not measure
  const others: Record<string, string> = {
    "tip-receipt": `/davmu/share/dejin/tip/${demoTips[0]?.receipt}/index.html`,
    "404": "/davmu/share/no-such-page/index.html",
    agreement: agreementPath,
  };
  for (const page of pages) {
    const path = others[page.name] ?? paths.get(demoName.get(page.name) ?? page.name);
    if (!path || !page.islands) continue;
    const html = await (await fetch(product.origin + path, { headers: { "user-agent": phoneUserAgent } })).text();
    const names = [...html.matchAll(/<davmu-island data-island="([\w-]+)"/g)].map((m) => m[1] as string);
    islandsOn.set(page.name, [...new Set(names)]);
  }
} finally {
  await product.close();
}
for (const page of pages) {
  if (page.islands && !islandsOn.has(page.name))
    problems.push(`${page.name}: no demo page found to read its islands from`);
}
for (const page of pages) {
  const budget = page.islands ? islandBudgetGzip : jsBudgetGzip;
  const jsOk = page.jsGzip <= budget;
  const cssOk = page.cssGzip <= cssBudgetGzip;
  const awake = page.islands ? awakeBytes(build, page, islandsOn.get(page.name) ?? []) : null;
  const awakeOk = !awake || awake.gzip <= awakeBudgetGzip;
  // beyond the hydration chunk, which every wake fetches and which holds small parts many wakes share
  // on purpose (its modules no island on the page runs are shown, not budgeted)
  const islands = islandsOn.get(page.name) ?? [];
  const files = awake?.files.map((f) => f.file) ?? [];
  const unused = awake ? unusedOnPage(wakeGraph, islands, files, [...page.js.map((f) => f.file), hydrate]) : [];
  const unusedBytes = unused.reduce((n, u) => n + u.bytes, 0);
  const unusedOk = unusedBytes <= unusedBudget;
  const baseUnused = awake ? unusedOnPage(wakeGraph, islands, [hydrate], []).reduce((n, u) => n + u.bytes, 0) : 0;
  console.log(
    `${page.name.padEnd(13)}  ${kib(page.jsGzip).padStart(10)} ${jsOk ? "✓" : "✗"} in ${page.js.length} files` +
      `        ${awake ? `${kib(awake.gzip).padStart(9)} ${awakeOk ? "✓" : "✗"} in ${String(awake.files.length).padStart(2)} files` : "        —          "}` +
      `        ${kib(page.cssGzip).padStart(9)} ${cssOk ? "✓" : "✗"}` +
      `        ${awake ? `${kib(unusedBytes).padStart(8)} ${unusedOk ? "✓" : "✗"} (hydration chunk ${kib(baseUnused)})` : "—"}`,
  );
  if (!unusedOk)
    problems.push(
      `${page.name}: its wakes fetch ${unusedBytes} B of modules no island on it runs (budget ${unusedBudget} B): ` +
        unused.map((u) => `${u.module} (${u.bytes} B, in ${u.chunk})`).join(", "),
    );
  if (awake && !awakeOk)
    problems.push(
      `${page.name}: ${awake.gzip} B of JavaScript (gzip) with every island awake, over the ${awakeBudgetGzip} B budget`,
    );
  if (awake?.unknown.length)
    problems.push(`${page.name}: islands not in the loader's registry: ${awake.unknown.join(", ")}`);
  if (!jsOk) problems.push(`${page.name}: ${page.jsGzip} B of JavaScript (gzip), over the ${budget} B budget`);
  if (!cssOk) problems.push(`${page.name}: ${page.cssGzip} B of CSS (gzip), over the ${cssBudgetGzip} B budget`);
}
// the first taps' answers on the article (bench/first-tap.ts): the requests their code takes at once,
// beyond what the page ran before the tap; 立即前往 answers in the dialog 打开App opened, with the code
// the dialog fetched as it showed
const article = pages.find((page) => page.name === "article");
if (article) {
  const before = new Set(article.js.map((f) => f.file));
  const dialog = wakeRequests(build, "open-app-dialog");
  const taps = [
    { tap: "打开App", answer: "the open-app dialog", files: dialog, loaded: before },
    // in WeChat the dialog fetches the guide's code as it shows, for 立即前往: a round of its own after
    // the dialog is drawn, and none at the tap
    {
      tap: "打开App, shown",
      answer: "the guide's code",
      files: lazyRequests(build, "OpenAppDialog", "OpenAppGuide"),
      loaded: new Set([...before, ...dialog]),
    },
    { tap: "写评论", answer: "the comment footer", files: wakeRequests(build, "comment-footer"), loaded: before },
    { tap: "收藏", answer: "the login popup", files: wakeRequests(build, "login-host"), loaded: before },
  ];
  console.log(
    `first tap's answer (article)           requests beyond the page's first scripts (budget ${tapRequestBudget})`,
  );
  for (const { tap, answer, files, loaded } of taps) {
    const fetched = files.filter((file) => !loaded.has(file));
    const ok = fetched.length <= tapRequestBudget;
    console.log(
      `${`${tap} → ${answer}`.padEnd(34)}  ${String(fetched.length).padStart(2)} ${ok ? "✓" : "✗"}  ${fetched.map((f) => f.replace(/^assets\//, "")).join(" ")}`,
    );
    if (!ok)
      problems.push(`${tap}: its answer takes ${fetched.length} requests, over the budget of ${tapRequestBudget}`);
  }
} else problems.push("no article page type to read the first taps' answers from");
// the tracker is counted in every page with scripts above; its own bytes (R-TRACK-4)
const tracker = pages.find((page) => page.tracker.length > 0)?.tracker ?? [];
if (tracker.length === 0)
  problems.push("no page fetches the tracker's chunk (features/tracking/tracker.ts) after load");
console.log(
  `tracker (fetched as the page starts, counted above): ${kib(tracker.reduce((n, f) => n + f.gzip, 0))} gzip in ` +
    tracker.map((f) => f.file.replace(/^assets\//, "")).join(", "),
);

if (problems.length) {
  console.error(problems.slice(0, 40).join("\n"));
  if (problems.length > 40) console.error(`… and ${problems.length - 40} more`);
  process.exit(1);
}
console.log("shipped scripts are ES2019-compatible; JavaScript and CSS within budget on every page type");
