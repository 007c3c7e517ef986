/**
 * Lighthouse 13, mobile default configuration (simulated slow 4G and 4× CPU slowdown), in Debian's
 * Chromium: the median of several runs per page type of the performance score, LCP, TBT, CLS and the
 * accessibility, best-practices and SEO scores.
 */
import lighthouse from "lighthouse";
import { startChromium } from "./lib/chromium.ts";
import { median, type Result } from "./lib/stats.ts";

export interface PageToAudit {
  name: string;
  url: string;
  /** A page that must not be indexed (the 404 page) has no SEO budget. */
  seo?: boolean;
}

interface Figures {
  performance: number;
  lcp: number;
  tbt: number;
  cls: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
}

export async function auditPages(pages: PageToAudit[], runs: number, log: (line: string) => void) {
  const chromium = await startChromium();
  const results: Result[] = [];
  try {
    for (const page of pages) {
      const figures: Figures[] = [];
      for (let i = 0; i < runs; i++) {
        const answer = await lighthouse(page.url, { port: chromium.port, output: "json", logLevel: "error" });
        const lhr = answer?.lhr;
        if (!lhr || lhr.runtimeError)
          throw new Error(`Lighthouse failed on ${page.url}: ${lhr?.runtimeError?.message}`);
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
        log(`lighthouse ${page.name} run ${i + 1}/${runs}: performance ${score("performance")}`);
      }
      const m = (key: keyof Figures) => median(figures.map((f) => f[key]));
      const part = `Lighthouse ${page.name}`;
      const perf = m("performance");
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
