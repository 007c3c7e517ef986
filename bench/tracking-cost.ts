/**
 * What tracking costs a page in Lighthouse (R-TRACK-4, R-TRACK-5's "no Lighthouse point and no
 * layout shift on any page type"): each page type is audited with tracking on and with the visitor
 * opted out (the nav panel's switch, kept in localStorage; the tracker is then never fetched), the
 * two alternating run by run in the same Chromium. Per page type: the median performance score, TBT
 * and CLS of each, and, from the runs with tracking, the longest main-thread task that started once
 * the tracker's chunk had arrived (Lighthouse's observed, unthrottled times, from its
 * main-thread-tasks audit, which lists top-level tasks over 5 ms; at its 4× CPU slowdown a task is
 * long from 12.5 ms). The tracker is fetched a second after the page has hydrated, after its first
 * paint and its largest picture, so it can cost a Lighthouse point only through a long task (TBT) or
 * a layout shift (CLS): the budget is that it adds neither. The median scores per page type are shown
 * beside, as information: from run to run they move by more than tracking could (TBT of the same page
 * between 7 and 227 ms), in both variants alike. Over every page type, the score with tracking minus
 * the score opted out of the same pair of runs is averaged, with its 95% interval: tracking costs no
 * Lighthouse point when that interval lies above −1.
 * Part of `npm run bench`; the runs per variant are `--tracking-runs` (3). With
 * TRACKING_COST_THROTTLING=devtools the audits slow the page for real (Lighthouse's applied
 * throttling) instead of simulating it from an unthrottled load (Lantern, the default).
 */
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { startChromium } from "./lib/chromium.ts";
import { median, type Result } from "./lib/stats.ts";

interface Run {
  performance: number;
  tbt: number;
  cls: number;
  /** the tracker's chunk was fetched in this run */
  tracked: boolean;
  /** longest observed main-thread task starting after the tracker's chunk arrived (ms) */
  longestAfter: number;
}

const trackerChunk = /\/assets\/tracker-(?!page-)[\w-]+\.js$/;
/** The nav panel's opt-out switch (apps/web/app/lib/tracker-page.ts). */
const optOutKey = "DAVMU_TRACKING_OFF";

export async function runTrackingCost(
  origin: string,
  pages: ReadonlyArray<{ name: string; path: string }>,
  runs: number,
  log: (line: string) => void,
): Promise<Result[]> {
  const chromium = await startChromium();
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromium.port}` });
  const setOptOut = async (off: boolean) => {
    const tab = await browser.newPage();
    try {
      await tab.goto(`${origin}/davmu/share/bar`, { timeout: 30_000 });
      await tab.evaluate(
        (key, value) => (value ? localStorage.setItem(key, "1") : localStorage.removeItem(key)),
        optOutKey,
        off,
      );
    } finally {
      await tab.close();
    }
  };
  /** One audit; Lighthouse now and then fails to record a trace (NO_NAVSTART): tried up to 3 times. */
  const audit = async (url: string): Promise<Run> => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await auditOnce(url);
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  };
  const auditOnce = async (url: string): Promise<Run> => {
    // storage kept: the switch set above is what the page reads
    const config = {
      extends: "lighthouse:default",
      settings: {
        onlyCategories: ["performance"],
        disableStorageReset: true,
        ...(process.env.TRACKING_COST_THROTTLING === "devtools" ? { throttlingMethod: "devtools" } : {}),
      },
    };
    const answer = await lighthouse(url, { port: chromium.port, output: "json", logLevel: "error" }, config as never);
    const lhr = answer?.lhr;
    if (!lhr || lhr.runtimeError) throw new Error(lhr?.runtimeError?.message ?? "no report");
    const requests =
      (lhr.audits["network-requests"]?.details as { items?: Array<{ url: string; networkEndTime?: number }> })?.items ??
      [];
    const tracker = requests.find((request) => trackerChunk.test(request.url));
    const tasks =
      (lhr.audits["main-thread-tasks"]?.details as { items?: Array<{ startTime: number; duration: number }> })?.items ??
      [];
    const arrived = tracker?.networkEndTime ?? Number.POSITIVE_INFINITY;
    const after = tasks.filter((task) => task.startTime >= arrived).map((task) => task.duration);
    return {
      performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      tbt: lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN,
      cls: lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
      tracked: tracker !== undefined,
      longestAfter: after.length ? Math.max(...after) : 0,
    };
  };

  const results: Result[] = [];
  // the score with tracking minus the score opted out, for every pair of runs of every page type
  const differences: number[] = [];
  try {
    for (const page of pages) {
      const part = `tracking cost ${page.name}`;
      const on: Run[] = [];
      const off: Run[] = [];
      try {
        for (let i = 0; i < runs; i++) {
          // which goes first alternates, so neither gains from following the other
          for (const tracking of i % 2 === 0 ? [true, false] : [false, true]) {
            await setOptOut(!tracking);
            (tracking ? on : off).push(await audit(origin + page.path));
          }
          const [a, b] = [on.at(-1) as Run, off.at(-1) as Run];
          log(
            `tracking cost ${page.name} run ${i + 1}/${runs}: on ${a.performance}, TBT ${a.tbt.toFixed(0)} ms, ` +
              `CLS ${a.cls.toFixed(3)}, longest task after the tracker ${a.longestAfter.toFixed(1)} ms${a.tracked ? "" : " (not fetched)"}; ` +
              `opted out ${b.performance}, TBT ${b.tbt.toFixed(0)} ms, CLS ${b.cls.toFixed(3)}`,
          );
        }
      } catch (error) {
        results.push({
          part,
          measure: "audit",
          figure: `failed: ${(error as Error).message}`,
          budget: "audited",
          ok: false,
        });
        continue;
      }
      for (let i = 0; i < runs; i++) differences.push((on[i] as Run).performance - (off[i] as Run).performance);
      const m = (runs: Run[], key: "performance" | "tbt" | "cls") => median(runs.map((run) => run[key]));
      const loaded = on.filter((run) => run.tracked).length;
      const leaked = off.filter((run) => run.tracked).length;
      const longest = Math.max(...on.map((run) => run.longestAfter));
      const longestText = longest > 0 ? `${longest.toFixed(1)} ms` : "none over 5 ms";
      results.push(
        {
          part,
          measure: "longest main-thread task after the tracker's chunk arrived, unthrottled",
          figure: `${longestText} (tracker fetched in ${loaded}/${runs} runs on, ${leaked}/${runs} opted out)`,
          budget: "< 12.5 ms (no long task at 4×)",
          ok: longest < 12.5 && loaded === runs && leaked === 0,
        },
        {
          part,
          measure: "CLS, tracking on / opted out (medians)",
          figure: `${m(on, "cls").toFixed(3)} / ${m(off, "cls").toFixed(3)}`,
          budget: "no shift added",
          ok: m(on, "cls") <= m(off, "cls") + 0.0005,
        },
        {
          part,
          measure: "performance score and TBT, tracking on / opted out (medians; information)",
          figure: `${m(on, "performance")} / ${m(off, "performance")} (TBT ${m(on, "tbt").toFixed(0)} / ${m(off, "tbt").toFixed(0)} ms)`,
          budget: "",
          ok: null,
        },
      );
    }
    if (differences.length >= 2) {
      // what tracking costs in points, as the mean of the paired differences with its 95% interval:
      // single scores move by 1–3 points from run to run in both variants, so a median of a few runs
      // per page type cannot tell a point; the pairs of all page types together can
      const n = differences.length;
      const mean = differences.reduce((a, b) => a + b, 0) / n;
      const sd = Math.sqrt(differences.reduce((a, d) => a + (d - mean) ** 2, 0) / (n - 1));
      const half = (1.96 * sd) / Math.sqrt(n);
      const sign = (x: number, digits = 2) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(digits)}`;
      results.push({
        part: "tracking cost, every page type",
        measure: `performance score with tracking minus opted out, mean of ${n} paired runs (95% interval)`,
        figure: `${sign(mean)} (${sign(mean - half)} to ${sign(mean + half)}); per pair from ${sign(Math.min(...differences), 0)} to ${sign(Math.max(...differences), 0)}`,
        budget: "costs no point: the interval above −1",
        ok: mean - half > -1,
      });
    }
  } finally {
    await browser.disconnect();
    await chromium.close();
  }
  return results;
}
