import { describe, expect, it } from "vitest";
import { medianInterval } from "./stats.ts";

describe("medianInterval", () => {
  it("R-WEB-ISLAND-3 five paired audits: the whole range, at 93.75%", () => {
    expect(medianInterval([40, -10, 120, 5, 33])).toEqual({ median: 33, low: -10, high: 120, coverage: 1 - 2 / 32 });
  });

  it("R-WEB-ISLAND-3 nine audits: the 2nd and 8th values, at 96.1%; fifteen: the 4th and 12th, at 96.5%", () => {
    const nine = medianInterval([9, 1, 8, 2, 7, 3, 6, 4, 5]);
    expect([nine.median, nine.low, nine.high]).toEqual([5, 2, 8]);
    expect(nine.coverage).toBeCloseTo(1 - 2 * (10 / 512), 10);
    const fifteen = medianInterval(Array.from({ length: 15 }, (_, i) => 15 - i));
    expect([fifteen.median, fifteen.low, fifteen.high]).toEqual([8, 4, 12]);
    expect(fifteen.coverage).toBeGreaterThanOrEqual(0.9);
    expect(fifteen.coverage).toBeCloseTo(1 - 2 * ((1 + 15 + 105 + 455) / 32768), 10);
  });

  it("R-WEB-ISLAND-3 too few values for the confidence: the whole range, its coverage said", () => {
    expect(medianInterval([3, 1, 2])).toEqual({ median: 2, low: 1, high: 3, coverage: 0.75 });
    expect(medianInterval([7])).toEqual({ median: 7, low: 7, high: 7, coverage: 0 });
    expect(() => medianInterval([])).toThrow(/no values/);
  });
});
