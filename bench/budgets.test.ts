import { describe, expect, it } from "vitest";
import { firstTapRows, type TapSample, tapCases } from "./first-tap.ts";
import { type Figures, floorRows, medianFigures, pairedRows, scriptTime } from "./lighthouse.ts";

const figures = (over: Partial<Figures>): Figures => ({
  performance: 99,
  lcp: 800,
  tbt: 100,
  cls: 0,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  scriptMs: 50,
  ...over,
});

const row = (rows: ReturnType<typeof floorRows>, measure: string) => rows.find((r) => r.measure === measure);

describe("Lighthouse budgets against the floor", () => {
  it("R-WEB-ISLAND-3 TBT within 30 ms of the floor's and performance within 1 point: met at the edge, missed past it", () => {
    const met = floorRows(
      "Lighthouse article",
      figures({ tbt: 130, performance: 97 }),
      figures({ tbt: 100, performance: 98 }),
      true,
    );
    expect(row(met, "TBT")).toMatchObject({
      figure: "130 ms (floor + 30 ms)",
      budget: "≤ floor + 30 ms (≤ 130 ms)",
      ok: true,
    });
    expect(row(met, "performance score")).toMatchObject({ figure: "97", budget: "≥ floor − 1 (≥ 97)", ok: true });
    const missed = floorRows(
      "Lighthouse article",
      figures({ tbt: 131, performance: 96 }),
      figures({ tbt: 100, performance: 98 }),
      true,
    );
    expect(row(missed, "TBT")?.ok).toBe(false);
    expect(row(floorRows("p", figures({ tbt: 3 }), figures({ tbt: 52 }), true), "TBT")).toMatchObject({
      figure: "3 ms (floor − 49 ms)",
      ok: true,
    });
    expect(row(missed, "performance score")?.ok).toBe(false);
  });

  it("R-WEB-ISLAND-3 the floor's rows are shown as the floor, with no budget of their own", () => {
    const rows = floorRows("Lighthouse agreement", figures({}), figures({ tbt: 75, performance: 100 }), true);
    const floor = rows.filter((r) => r.measure.includes("floor (same HTML and CSS, no script)"));
    expect(floor.map((r) => [r.figure, r.ok])).toEqual([
      ["100", null],
      ["75 ms", null],
    ]);
  });

  it("R-WEB-ISLAND-3 LCP ≤ 1.0 s and CLS 0 hold for the page whatever its floor; SEO only where the page may be indexed", () => {
    const floor = figures({ lcp: 2000, cls: 0.2 });
    expect(row(floorRows("p", figures({ lcp: 1000 }), floor, true), "LCP")?.ok).toBe(true);
    expect(row(floorRows("p", figures({ lcp: 1001 }), floor, true), "LCP")?.ok).toBe(false);
    expect(row(floorRows("p", figures({ cls: 0.0004 }), floor, true), "CLS")?.ok).toBe(true);
    expect(row(floorRows("p", figures({ cls: 0.001 }), floor, true), "CLS")).toMatchObject({
      figure: "0.001 (floor 0.200)",
      ok: false,
    });
    expect(row(floorRows("p", figures({ seo: 60 }), floor, false), "SEO")).toMatchObject({ ok: null });
    expect(row(floorRows("p", figures({ seo: 60 }), floor, true), "SEO")?.ok).toBe(false);
  });

  it("R-WEB-ISLAND-3 the median of each figure over the runs", () => {
    expect(
      medianFigures([
        figures({ tbt: 300, lcp: 900 }),
        figures({ tbt: 100, lcp: 700 }),
        figures({ tbt: 200, lcp: 2000 }),
      ]),
    ).toMatchObject({
      tbt: 200,
      lcp: 900,
    });
  });
});

describe("TBT beside the floor, audit by audit", () => {
  const audits = (tbts: number[], scripts: number[] = tbts.map(() => 50)) =>
    tbts.map((tbt, i) => figures({ tbt, scriptMs: scripts[i] as number }));
  const floors = audits([100, 0, 474, 60, 120]);

  it("R-WEB-ISLAND-3 each audit less the floor's beside it: within when the whole interval is, over when the whole interval is over", () => {
    // differences +10, +20, −30, +25, +5: every one within 30 ms
    const within = pairedRows("p", audits([110, 20, 444, 85, 125]), floors);
    expect(within[0]).toMatchObject({
      measure: "TBT − floor's, audit by audit (5 pairs)",
      figure: "median + 10 ms (94% interval − 30 ms to + 25 ms): within the budget",
      ok: null,
    });
    // differences +40 … +200: over whatever the floor did
    const over = pairedRows("p", audits([140, 60, 674, 160, 231]), floors);
    expect(over[0]?.figure).toBe("median + 100 ms (94% interval + 40 ms to + 200 ms): over the budget");
  });

  it("R-WEB-ISLAND-3 an interval across the budget is not resolved, whatever the medians say", () => {
    // differences +30, +130, −344, +40, +10: the medians (130 against 100) are within the budget, the audits say little
    const rows = pairedRows("p", audits([130, 130, 130, 100, 130]), floors);
    expect(rows[0]?.figure).toBe("median + 30 ms (94% interval − 344 ms to + 130 ms): not resolved by these audits");
  });

  it("R-WEB-ISLAND-3 fewer than five pairs give no verdict, however far the differences lie", () => {
    expect(pairedRows("p", audits([500, 500, 500, 500]), audits([0, 0, 0, 0]))[0]?.figure).toBe(
      "median + 500 ms (88% interval + 500 ms to + 500 ms): too few audits for a verdict",
    );
    expect(pairedRows("p", audits([0]), audits([0]))[0]?.figure).toContain("too few audits for a verdict");
  });

  it("R-WEB-ISLAND-3 the pages' script time is paired alike; unpaired audits are left out", () => {
    const rows = pairedRows("p", audits([1, 1, 1], [80, 90, 100]), audits([1, 1], [10, 15]));
    expect(rows[1]).toMatchObject({
      measure: "script main-thread time − floor's, audit by audit (2 pairs)",
      figure: "median + 73 ms (50% interval + 70 ms to + 75 ms)",
    });
    expect(pairedRows("p", [], floors)).toEqual([]);
  });

  it("R-WEB-ISLAND-3 script time is evaluation, parse and compile of every URL in bootup-time", () => {
    expect(
      scriptTime({
        items: [
          { url: "a.js", total: 90, scripting: 61.5, scriptParseCompile: 3 },
          { url: "Unattributable", total: 500, scripting: 8 },
          { url: "page.html", total: 400 },
        ],
      }),
    ).toBe(72.5);
    expect(scriptTime(undefined)).toBe(0);
  });
});

describe("first tap budgets", () => {
  const tap = tapCases.find((t) => t.name === "收藏") as TapSample["tap"];
  const sample = (visible: Array<number | null>, inp: Array<number | null>): TapSample => ({
    tap,
    failure: "",
    figures: visible.map((v, i) => ({
      inp: inp[i] ?? null,
      events: ["click"],
      tapToVisible: v,
      tapToAwake: v === null ? null : v - 20,
      awakeBefore: false,
    })),
  });

  it("R-WEB-ISLAND-3 the budget applies to the median tap to visible response; INP is shown beside it", () => {
    const [visible, inp] = firstTapRows("article", [sample([150, 250, 190], [24, 32, 40])]);
    expect(visible).toMatchObject({ figure: "190 ms (island awake 170 ms)", budget: "≤ 200 ms", ok: true });
    expect(inp).toMatchObject({ figure: "32 ms", ok: null });
    expect(firstTapRows("article", [sample([150, 250, 210], [24, 32, 40])])[0]?.ok).toBe(false);
  });

  it("R-WEB-ISLAND-3 taps measured with their code at hand are rows of their own, under the same budget", () => {
    const rows = firstTapRows("article", [sample([150, 250, 190], [24, 32, 40])], { codeAtHand: true });
    expect(rows.map((r) => r.part)).toEqual([
      "first tap, article, its code at hand (4× CPU, slow 4G)",
      "first tap, article, its code at hand (4× CPU, slow 4G)",
    ]);
    expect(rows[0]).toMatchObject({ budget: "≤ 200 ms", ok: true });
    expect(firstTapRows("article", [sample([150, 250, 190], [24, 32, 40])])[0]?.part).toBe(
      "first tap, article (4× CPU, slow 4G)",
    );
  });

  it("R-WEB-ISLAND-3 a response never seen, or a tap that failed, misses the budget; a tap with no Event Timing entry counts as under 16 ms", () => {
    expect(
      firstTapRows("article", [sample([150, null, 100], [null, null, null])]).map((r) => [r.figure, r.ok]),
    ).toEqual([
      ["not seen (island not awake 10 s after the response in 1 of 3 taps)", false],
      ["< 16 ms (3 of 3 taps under 16 ms: no entry over the threshold)", null],
    ]);
    const awakeBefore = {
      tap,
      failure: "",
      figures: sample([120, 90, 100], [40, 40, 40]).figures.map((f) => ({ ...f, tapToAwake: null, awakeBefore: true })),
    };
    expect(firstTapRows("article", [awakeBefore])[0]).toMatchObject({
      figure: "100 ms (island awake before the tap)",
      ok: true,
    });
    expect(firstTapRows("article", [sample([100, 100, 100], [null, 64, 88])])[1]?.figure).toBe(
      "64 ms (1 of 3 taps under 16 ms: no entry over the threshold)",
    );
    expect(firstTapRows("article", [{ tap, failure: "timeout", figures: [] }])).toEqual([
      expect.objectContaining({ figure: "failed: timeout", ok: false }),
    ]);
  });
});
