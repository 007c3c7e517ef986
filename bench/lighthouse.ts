/**
 * Lighthouse 13, mobile default configuration (simulated slow 4G and 4× CPU slowdown), in Debian's
 * Chromium: the median of several runs per page type of the performance score, LCP, TBT, CLS and the
 * accessibility, best-practices and SEO scores. The report of the run closest to the median
 * performance score is kept per page type (`{reportDir}/{name}.json`), to read why a budget failed.
 *
 * Every page type is audited beside its floor (R-WEB-ISLAND-3, bench/lib/floor.ts): the same page's
 * HTML and CSS with every script removed, served by a loopback server of the bench's own, one audit of
 * the floor after each audit of the page, so both meet the machine in the same moods. TBT and the
 * performance score are budgeted against the floor's medians (on this shared machine a static page of
 * Chinese text alone blocks 75–173 ms: an absolute TBT says little without its floor); LCP and CLS
 * stay absolute. The floor's report is kept as `{name}.floor.json`.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { startChromium } from "./lib/chromium.ts";
import { startFloorServer } from "./lib/floor.ts";
import { median, medianInterval, type Result } from "./lib/stats.ts";

export interface PageToAudit {
  name: string;
  url: string;
  /** A page that must not be indexed (the 404 page) has no SEO budget. */
  seo?: boolean;
  /** Said next to the page's rows, e.g. how the audit differs from the page's real use */
  note?: string;
  /**
   * A desktop screen and user agent instead of the phone's, for the desktop wrapper: on a phone's
   * screen it is never shown. The throttling stays the mobile one (slow 4G, 4× CPU slowdown).
   */
  desktopScreen?: boolean;
}

/**
 * Lighthouse's default (mobile) configuration, but bootup-time lists every script URL: by default it
 * leaves out those under 50 ms, and a page's script time summed from its table would jump by up to
 * 50 ms from one audit to the next as a script crosses that line. (bootup-time weighs nothing in the
 * performance score.)
 */
const mobileConfig = {
  extends: "lighthouse:default" as const,
  audits: [{ path: "bootup-time", options: { thresholdInMs: 0 } }],
};

/** The same with a desktop screen; throttling unchanged. */
const desktopScreenConfig = {
  ...mobileConfig,
  settings: {
    formFactor: "desktop",
    screenEmulation: constants.screenEmulationMetrics.desktop,
    emulatedUserAgent: constants.userAgents.desktop,
  },
} as const;

export interface Figures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** main-thread time of script on the page (Lighthouse's bootup-time: evaluation, parse and compile, every URL) */
  scriptMs: number;
}

/** The budgets of R-WEB-ISLAND-3 against the floor, and the absolute ones that still hold. */
export const floorBudget = { tbtOverFloorMs: 30, performanceUnderFloor: 1, lcpMs: 1000, cls: 0 } as const;

/** Script evaluation, parse and compile on the main thread, every URL of bootup-time's table (none left out: `mobileConfig`). */
export function scriptTime(details: unknown): number {
  const items = (details as { items?: Array<{ scripting?: number; scriptParseCompile?: number }> } | undefined)?.items;
  return (items ?? []).reduce((sum, item) => sum + (item.scripting ?? 0) + (item.scriptParseCompile ?? 0), 0);
}

/** A difference in ms, signed: "+ 12 ms", "− 49 ms". */
const signedMs = (ms: number) => `${ms < 0 ? "−" : "+"} ${Math.abs(ms).toFixed(0)} ms`;

/**
 * The rows of one page type: its floor's medians (no budget: the reference), then the page's against
 * them. `page` and `floor` are the medians of their runs.
 */
export function floorRows(part: string, page: Figures, floor: Figures, seo: boolean): Result[] {
  const floorLabel = "floor (same HTML and CSS, no script)";
  const tbtLimit = floor.tbt + floorBudget.tbtOverFloorMs;
  const performanceLimit = floor.performance - floorBudget.performanceUnderFloor;
  // Lighthouse's CLS is a fraction: 0 is shown and budgeted at three decimals
  const cls = Number(page.cls.toFixed(3));
  return [
    { part, measure: `performance score, ${floorLabel}`, figure: String(floor.performance), budget: "", ok: null },
    {
      part,
      measure: "performance score",
      figure: String(page.performance),
      budget: `≥ floor − ${floorBudget.performanceUnderFloor} (≥ ${performanceLimit})`,
      ok: page.performance >= performanceLimit,
    },
    { part, measure: `TBT, ${floorLabel}`, figure: `${floor.tbt.toFixed(0)} ms`, budget: "", ok: null },
    {
      part,
      measure: "TBT",
      figure: `${page.tbt.toFixed(0)} ms (floor ${signedMs(page.tbt - floor.tbt)})`,
      budget: `≤ floor + ${floorBudget.tbtOverFloorMs} ms (≤ ${tbtLimit.toFixed(0)} ms)`,
      ok: page.tbt <= tbtLimit,
    },
    {
      part,
      measure: "LCP",
      figure: `${(page.lcp / 1000).toFixed(2)} s (floor ${(floor.lcp / 1000).toFixed(2)} s)`,
      budget: `≤ ${(floorBudget.lcpMs / 1000).toFixed(1)} s`,
      ok: page.lcp <= floorBudget.lcpMs,
    },
    {
      part,
      measure: "CLS",
      figure: `${page.cls.toFixed(3)} (floor ${floor.cls.toFixed(3)})`,
      budget: "0",
      ok: cls <= floorBudget.cls,
    },
    {
      part,
      measure: "accessibility",
      figure: String(page.accessibility),
      budget: "≥ 95",
      ok: page.accessibility >= 95,
    },
    {
      part,
      measure: "best practices",
      figure: String(page.bestPractices),
      budget: "≥ 95",
      ok: page.bestPractices >= 95,
    },
    {
      part,
      measure: "SEO",
      figure: String(page.seo),
      budget: seo ? "≥ 95" : "none (noindex page)",
      ok: seo ? page.seo >= 95 : null,
    },
  ];
}

/** The median of every figure of several runs. */
export function medianFigures(runs: Figures[]): Figures {
  const m = (key: keyof Figures) => median(runs.map((f) => f[key]));
  return {
    performance: m("performance"),
    lcp: m("lcp"),
    tbt: m("tbt"),
    cls: m("cls"),
    accessibility: m("accessibility"),
    bestPractices: m("bestPractices"),
    seo: m("seo"),
    scriptMs: m("scriptMs"),
  };
}

/**
 * TBT and script time as paired differences: each audit of the page less the audit of its floor that
 * followed it, so both met the machine in the same mood. The median difference with its interval
 * (stats.ts `medianInterval`, ≥ 90% from five audits on) says whether the budget of the floor + 30
 * ms is met, missed, or not resolved by this many audits on this machine (fewer than five give no
 * verdict); it is shown beside the budget's row above it and does not replace it.
 */
export function pairedRows(part: string, page: Figures[], floor: Figures[]): Result[] {
  const pairs = Math.min(page.length, floor.length);
  if (pairs === 0) return [];
  const differences = (key: "tbt" | "scriptMs") =>
    Array.from({ length: pairs }, (_, i) => (page[i] as Figures)[key] - (floor[i] as Figures)[key]);
  const tbt = medianInterval(differences("tbt"));
  const script = medianInterval(differences("scriptMs"));
  const limit = floorBudget.tbtOverFloorMs;
  // fewer than five audits cannot give 90%: no verdict from them
  const verdict =
    tbt.coverage < 0.9
      ? "too few audits for a verdict"
      : tbt.high <= limit
        ? "within the budget"
        : tbt.low > limit
          ? "over the budget"
          : "not resolved by these audits";
  const interval = (x: typeof tbt) =>
    `median ${signedMs(x.median)} (${(x.coverage * 100).toFixed(0)}% interval ${signedMs(x.low)} to ${signedMs(x.high)})`;
  return [
    {
      part,
      measure: `TBT − floor's, audit by audit (${pairs} pairs)`,
      figure: `${interval(tbt)}: ${verdict}`,
      budget: "",
      ok: null,
    },
    {
      part,
      measure: `script main-thread time − floor's, audit by audit (${pairs} pairs)`,
      figure: interval(script),
      budget: "",
      ok: null,
    },
  ];
}

interface Audited {
  figures: Figures[];
  reports: string[];
  failure: string;
}

export async function auditPages(pages: PageToAudit[], runs: number, log: (line: string) => void, reportDir?: string) {
  const chromium = await startChromium();
  const floorServer = pages.length ? await startFloorServer(new URL((pages[0] as PageToAudit).url).origin) : null;
  const results: Result[] = [];
  if (reportDir) mkdirSync(reportDir, { recursive: true });

  /** One audit; a run that fails (Lighthouse's own trace errors happen on a loaded machine) is tried again once. */
  async function auditOnce(page: PageToAudit, url: string, label: string, audited: Audited, i: number) {
    let answer: Awaited<ReturnType<typeof lighthouse>>;
    let failure = "";
    for (let attempt = 1; attempt <= 2; attempt++) {
      failure = "";
      answer = await lighthouse(
        url,
        { port: chromium.port, output: "json", logLevel: "error" },
        page.desktopScreen ? desktopScreenConfig : mobileConfig,
      ).catch((error: Error) => {
        failure = error.message;
        return undefined;
      });
      if (answer?.lhr && !answer.lhr.runtimeError) break;
      failure ||= answer?.lhr?.runtimeError?.message ?? "no report";
      if (attempt === 1) log(`lighthouse ${label} run ${i + 1}/${runs} failed (${failure}): again`);
    }
    const lhr = answer?.lhr;
    if (failure || !lhr) {
      audited.failure = failure || "no report";
      return;
    }
    audited.reports.push(typeof answer?.report === "string" ? answer.report : JSON.stringify(lhr));
    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    audited.figures.push({
      performance: score("performance"),
      lcp: value("largest-contentful-paint"),
      tbt: value("total-blocking-time"),
      cls: value("cumulative-layout-shift"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      scriptMs: scriptTime(lhr.audits["bootup-time"]?.details),
    });
    log(
      `lighthouse ${label} run ${i + 1}/${runs}: performance ${score("performance")}, ` +
        `LCP ${value("largest-contentful-paint").toFixed(0)} ms, TBT ${value("total-blocking-time").toFixed(0)} ms`,
    );
  }

  /** Keeps the report of the run closest to the median performance score. */
  function keep(audited: Audited, file: string) {
    if (!reportDir || !audited.figures.length) return;
    const perf = median(audited.figures.map((f) => f.performance));
    const closest = audited.figures.reduce(
      (best, f, i) =>
        Math.abs(f.performance - perf) < Math.abs((audited.figures[best] as Figures).performance - perf) ? i : best,
      0,
    );
    writeFileSync(join(reportDir, file), audited.reports[closest] as string);
  }

  try {
    for (const page of pages) {
      const part = `Lighthouse ${page.name}`;
      const real: Audited = { figures: [], reports: [], failure: "" };
      const floor: Audited = { figures: [], reports: [], failure: "" };
      const floorUrl = (floorServer as NonNullable<typeof floorServer>).url(page.url);
      for (let i = 0; i < runs && !real.failure && !floor.failure; i++) {
        await auditOnce(page, page.url, page.name, real, i);
        if (!real.failure) await auditOnce(page, floorUrl, `${page.name} floor`, floor, i);
      }
      if (real.failure || floor.failure) {
        // one page that cannot be audited fails its row, and the other pages are still measured
        const [what, url, failure] = real.failure ? ["", page.url, real.failure] : ["floor ", floorUrl, floor.failure];
        log(`lighthouse ${page.name} ${what}failed: ${failure}`);
        results.push({
          part,
          measure: `audit${what ? " of the floor" : ""}`,
          figure: `failed on ${url}: ${failure}`,
          budget: "audited",
          ok: false,
        });
        continue;
      }
      keep(real, `${page.name}.json`);
      keep(floor, `${page.name}.floor.json`);
      if (page.note) results.push({ part, measure: "note", figure: page.note, budget: "", ok: null });
      results.push(
        ...floorRows(part, medianFigures(real.figures), medianFigures(floor.figures), page.seo !== false),
        ...pairedRows(part, real.figures, floor.figures),
      );
    }
  } finally {
    await Promise.all([chromium.close(), floorServer?.close()]);
  }
  return { results, chromium: chromium.version };
}
