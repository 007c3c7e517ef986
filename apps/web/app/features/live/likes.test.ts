import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createLikeBatcher } from "./likes.ts";

describe("like taps in aggregate", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("R-CONTENT-10 many taps become at most one request a second, each with its own msg_id", async () => {
    const sent: { count: number; id: string; at: number }[] = [];
    let n = 0;
    const likes = createLikeBatcher(
      async (count, id) => {
        sent.push({ count, id, at: Date.now() });
      },
      { newId: () => `id${++n}` },
    );
    for (let i = 0; i < 7; i++) likes.tap();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual([{ count: 7, id: "id1", at: Date.parse("2026-11-24T10:00:00Z") }]);
    for (let i = 0; i < 30; i++) {
      likes.tap();
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2000);
    expect(sent.reduce((sum, s) => sum + s.count, 0)).toBe(37);
    const times = sent.map((s) => s.at);
    for (let i = 1; i < times.length; i++) expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(1000);
    expect(new Set(sent.map((s) => s.id)).size).toBe(sent.length);
    expect(likes.pending()).toBe(0);
  });

  it("R-CONTENT-10 at most 50 taps in one request; the rest follow a second later", async () => {
    const counts: number[] = [];
    const likes = createLikeBatcher(async (count) => {
      counts.push(count);
    });
    for (let i = 0; i < 120; i++) likes.tap();
    await vi.advanceTimersByTimeAsync(2500);
    expect(counts).toEqual([50, 50, 20]);
  });

  it("R-CONTENT-10 a failed request is retried with the same msg_id and count, at most three times", async () => {
    const sent: string[] = [];
    let fail = 2;
    const likes = createLikeBatcher(
      async (count, id) => {
        sent.push(`${id}:${count}`);
        if (fail-- > 0) throw new Error("network");
      },
      { newId: () => "same" },
    );
    likes.tap();
    likes.tap();
    await vi.advanceTimersByTimeAsync(0);
    likes.tap();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual(["same:2", "same:2", "same:2", "same:1"]);
    expect(likes.pending()).toBe(0);
  });
});
