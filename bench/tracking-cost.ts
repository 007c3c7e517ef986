/**
 * What tracking costs a page in Lighthouse (R-TRACK-4, R-TRACK-5's "no Lighthouse point and no
 * layout shift on any page type"): each page type is audited with tracking on and with the visitor
 * opted out (the nav panel's switch, kept in localStorage; the tracker is then never fetched), the
 * two alternating run by run in the same Chromium. Per page type: the median performance score, TBT
 * and CLS of each, and, from the runs with tracking, the longest main-thread task that started once
 * the tracker's chunk had arrived (Lighthouse's observed, unthrottled times, from its
 * main-thread-tasks audit, which lists top-level tasks over 5 ms; at its 4× CPU slowdown a task is
 * long from 12.5 ms). The tracker is fetched as the page's scripts start (decision 042), after its first
 * paint, so it can cost a Lighthouse point only through a long task (TBT) or
 * a layout shift (CLS): the budget is that it adds neither. The median scores per page type are shown
 * beside, as information: from run to run they move by more than tracking could (TBT of the same page
 * between 7 and 227 ms), in both variants alike. Each page type's score with tracking minus the score
 * opted out in the same pair of runs is averaged, and those means over every page type, with a 95%
 * interval: tracking costs no Lighthouse point, across page types, when that interval lies above −1.
 * Part of `npm run bench`; the runs per variant are `--tracking-runs` (3). With
 * TRACKING_COST_THROTTLING=devtools the audits slow the page for real (Lighthouse's applied
 * throttling) instead of simulating it from an unthrottled load (Lantern, the default).
 */
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";
import { startChromium } from "./lib/chromium.ts";
import { median, type Result } from "./lib/stats.ts";

/** Student's t at 0.975 for `df` degrees of freedom (two-sided 95%). */
function tQuantile975(df: number): number {
  const table = [
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.16, 2.145, 2.131, 2.12, 2.11,
    2.101, 2.093, 2.086, 2.08, 2.074, 2.069, 2.064, 2.06, 2.056, 2.052, 2.048, 2.045, 2.042,
  ];
  if (df <= 30) return table[Math.max(1, df) - 1] as number;
  return df <= 60 ? 2.0 : df <= 120 ? 1.98 : 1.96;
}

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
/** The nav panel's opt-out switch (apps/web/app/features/tracking/tracker-page.ts). */
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
  // per page type, the score with tracking minus the score opted out in each pair of runs
  const differences = new Map<string, number[]>();
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
      differences.set(
        page.name,
        on.map((run, i) => run.performance - (off[i] as Run).performance),
      );
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
    if (differences.size >= 2) {
      // what tracking costs in points: each page type's mean paired difference, then their mean with a
      // 95% interval (Student's t over the page types, so a type's own effect is not taken for noise).
      // Single scores move by 1–3 points from run to run in both variants: a median of a few runs per
      // page type cannot tell a point, the page types together can
      const means = [...differences].map(([name, d]) => ({ name, mean: d.reduce((a, b) => a + b, 0) / d.length }));
      const k = means.length;
      const mean = means.reduce((a, m) => a + m.mean, 0) / k;
      const sd = Math.sqrt(means.reduce((a, m) => a + (m.mean - mean) ** 2, 0) / (k - 1));
      const half = (tQuantile975(k - 1) * sd) / Math.sqrt(k);
      const sign = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(2)}`;
      const sorted = [...means].sort((a, b) => a.mean - b.mean);
      const worst = sorted[0] as { name: string; mean: number };
      const best = sorted[k - 1] as { name: string; mean: number };
      const pairs = [...differences.values()].reduce((n, d) => n + d.length, 0);
      results.push(
        {
          part: "tracking cost, every page type",
          measure: `performance score with tracking minus opted out, mean over ${k} page types of their paired runs (${pairs} pairs; 95% interval)`,
          figure: `${sign(mean)} (${sign(mean - half)} to ${sign(mean + half)})`,
          budget: "costs no point: the interval above −1",
          ok: mean - half > -1,
        },
        {
          part: "tracking cost, every page type",
          measure:
            "page types' own paired means, lowest and highest (information: a few pairs per type cannot tell a point)",
          figure: `${worst.name} ${sign(worst.mean)} (${(differences.get(worst.name) ?? []).join(", ")}); ${best.name} ${sign(best.mean)}`,
          budget: "",
          ok: null,
        },
      );
    }
  } finally {
    await browser.disconnect();
    await chromium.close();
  }
  return results;
}
