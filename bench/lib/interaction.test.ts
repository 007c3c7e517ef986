import { describe, expect, it } from "vitest";
import { type EventEntry, interactionLatencies, tapFigures } from "./interaction.ts";

const entry = (name: string, interactionId: number, startTime: number, duration: number): EventEntry => ({
  name,
  interactionId,
  startTime,
  processingStart: startTime + 2,
  processingEnd: startTime + 5,
  duration,
});

describe("a first tap's figures from what the page recorded", () => {
  it("R-WEB-ISLAND-3 an interaction's latency is its longest entry; entries of no interaction are left out", () => {
    const latencies = interactionLatencies([
      entry("pointerdown", 7, 100, 24),
      entry("pointerup", 7, 140, 56),
      entry("click", 7, 141, 48),
      entry("mouseover", 0, 90, 200),
      entry("keydown", 9, 500, 16),
    ]);
    expect([...latencies]).toEqual([
      [7, 56],
      [9, 16],
    ]);
  });

  it("R-WEB-ISLAND-3 INP is the tap's own interaction (the first from its pointerdown, not an earlier one nor a later one); the response is timed from its pointerup", () => {
    const figures = tapFigures({
      down: 1000.4,
      input: 1060.4,
      visible: 1790.5,
      awake: 1710,
      entries: [
        entry("click", 3, 400, 300),
        entry("pointerdown", 5, 1000, 32),
        entry("pointerup", 5, 1050, 40),
        entry("click", 5, 1051, 72),
        entry("keydown", 8, 1700, 400),
      ],
    });
    expect(figures).toEqual({
      inp: 72,
      events: ["pointerdown", "pointerup", "click"],
      tapToVisible: expect.closeTo(730.1, 6),
      tapToAwake: expect.closeTo(649.6, 6),
      awakeBefore: false,
    });
  });

  it("R-WEB-ISLAND-3 a tap with no entry over the threshold has no INP; one never answered has no time to visible", () => {
    expect(
      tapFigures({ down: 5, input: 10, visible: null, awake: null, entries: [entry("mouseover", 0, 12, 30)] }),
    ).toEqual({
      inp: null,
      events: [],
      tapToVisible: null,
      tapToAwake: null,
      awakeBefore: false,
    });
    expect(
      tapFigures({ down: 8, input: null, visible: 50, awake: 40, entries: [entry("click", 2, 12, 30)] }).tapToVisible,
    ).toBe(null);
  });
});
