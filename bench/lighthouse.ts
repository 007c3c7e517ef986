/**
 * Lighthouse 13, mobile default configuration (simulated slow 4G and 4× CPU slowdown), in Debian's
 * Chromium: the median of several runs per page type of the performance score, LCP, TBT, CLS and the
 * accessibility, best-practices and SEO scores. The report of the run closest to the median
 * performance score is kept per page type (`{reportDir}/{name}.json`), to read why a budget failed.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import lighthouse from "lighthouse";
import * as constants from "lighthouse/core/config/constants.js";
import { startChromium } from "./lib/chromium.ts";
import { median, type Result } from "./lib/stats.ts";

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

/** The default (mobile) configuration with a desktop screen; throttling unchanged. */
const desktopScreenConfig = {
  extends: "lighthouse:default",
  settings: {
    formFactor: "desktop",
    screenEmulation: constants.screenEmulationMetrics.desktop,
    emulatedUserAgent: constants.userAgents.desktop,
  },
} as const;

interface Figures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export async function auditPages(pages: PageToAudit[], runs: number, log: (line: string) => void, reportDir?: string) {
  const chromium = await startChromium();
  const results: Result[] = [];
  if (reportDir) mkdirSync(reportDir, { recursive: true });
  try {
    for (const page of pages) {
      const part = `Lighthouse ${page.name}`;
      const figures: Figures[] = [];
      const reports: string[] = [];
      let failure = "";
      for (let i = 0; i < runs && !failure; i++) {
        const answer = await lighthouse(
          page.url,
          { port: chromium.port, output: "json", logLevel: "error" },
          page.desktopScreen ? desktopScreenConfig : undefined,
        ).catch((error: Error) => {
          failure = error.message;
          return undefined;
        });
        const lhr = answer?.lhr;
        if (!lhr || lhr.runtimeError) {
          failure ||= lhr?.runtimeError?.message ?? "no report";
          break;
        }
        reports.push(typeof answer.report === "string" ? answer.report : JSON.stringify(lhr));
        const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        figures.push({
          performance: score("performance"),
          lcp: value("largest-contentful-paint"),
          tbt: value("total-blocking-time"),
          cls: value("cumulative-layout-shift"),
          accessibility: score("accessibility"),
          bestPractices: score("best-practices"),
          seo: score("seo"),
        });
        log(
          `lighthouse ${page.name} run ${i + 1}/${runs}: performance ${score("performance")}, ` +
            `LCP ${value("largest-contentful-paint").toFixed(0)} ms, TBT ${value("total-blocking-time").toFixed(0)} ms`,
        );
      }
      if (failure) {
        // one page that cannot be audited fails its row, and the other pages are still measured
        log(`lighthouse ${page.name} failed: ${failure}`);
        results.push({
          part,
          measure: "audit",
          figure: `failed on ${page.url}: ${failure}`,
          budget: "audited",
          ok: false,
        });
        continue;
      }
      const m = (key: keyof Figures) => median(figures.map((f) => f[key]));
      const perf = m("performance");
      if (reportDir) {
        const closest = figures.reduce(
          (best, f, i) =>
            Math.abs(f.performance - perf) < Math.abs((figures[best] as Figures).performance - perf) ? i : best,
          0,
        );
        writeFileSync(join(reportDir, `${page.name}.json`), reports[closest] as string);
      }
      if (page.note) results.push({ part, measure: "note", figure: page.note, budget: "", ok: null });
      results.push(
        { part, measure: "performance score", figure: String(perf), budget: "100 (never < 98)", ok: perf >= 98 },
        { part, measure: "LCP", figure: `${(m("lcp") / 1000).toFixed(2)} s`, budget: "≤ 1.2 s", ok: m("lcp") <= 1200 },
        { part, measure: "TBT", figure: `${m("tbt").toFixed(0)} ms`, budget: "≤ 50 ms", ok: m("tbt") <= 50 },
        { part, measure: "CLS", figure: m("cls").toFixed(3), budget: "≤ 0.002", ok: m("cls") <= 0.002 },
        {
          part,
          measure: "accessibility",
          figure: String(m("accessibility")),
          budget: "≥ 95",
          ok: m("accessibility") >= 95,
        },
        {
          part,
          measure: "best practices",
          figure: String(m("bestPractices")),
          budget: "≥ 95",
          ok: m("bestPractices") >= 95,
        },
        {
          part,
          measure: "SEO",
          figure: String(m("seo")),
          budget: page.seo === false ? "none (noindex page)" : "≥ 95",
          ok: page.seo === false ? null : m("seo") >= 95,
        },
      );
    }
  } finally {
    await chromium.close();
  }
  return { results, chromium: chromium.version };
}
