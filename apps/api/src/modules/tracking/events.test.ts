import { describe, expect, it } from "vitest";
import { botCheck, deviceLimiter, hashOf, recentIds } from "./events.ts";
import { rowsOf } from "./store.ts";

describe("the beacon's request path", () => {
  it("R-TRACK-5 ids seen lately: a repeat is known, memory stays bounded, and inserts stay fast past capacity", () => {
    const seen = recentIds(1000);
    seen.add("first");
    expect(seen.has("first")).toBe(true);
    for (let i = 0; i < 499; i++) seen.add(`a-${i}`);
    // remembered for at least capacity / 2 later ids
    expect(seen.has("first")).toBe(true);
    for (let i = 0; i < 2000; i++) seen.add(`b-${i}`);
    expect(seen.has("first")).toBe(false);
    expect(seen.size()).toBeLessThanOrEqual(1000);

    // past capacity an insert costs what it cost before (a set deleting its oldest id did not)
    const big = recentIds(200_000);
    const time = (from: number) => {
      const started = performance.now();
      for (let i = from; i < from + 20_000; i++) {
        const id = `id-${i}`;
        if (!big.has(id)) big.add(id);
      }
      return performance.now() - started;
    };
    const below = time(0);
    for (let i = 20_000; i < 400_000; i += 20_000) time(i);
    const past = time(400_000);
    expect(past).toBeLessThan(Math.max(200, below * 10));
  });

  it("R-TRACK-5 ids seen lately: two ids of the same hash are two ids, each known once added", () => {
    // find two ids whose hashes collide (deterministic: the same ids every run)
    const byHash = new Map<number, string>();
    let pair: [string, string] | null = null;
    for (let i = 0; pair === null && i < 2_000_000; i++) {
      const id = `evt-${i}`;
      const other = byHash.get(hashOf(id));
      if (other !== undefined) pair = [other, id];
      else byHash.set(hashOf(id), id);
    }
    expect(pair).not.toBeNull();
    const [a, b] = pair as [string, string];
    expect(hashOf(a)).toBe(hashOf(b));
    const seen = recentIds(1000);
    seen.add(a);
    expect(seen.has(a)).toBe(true);
    expect(seen.has(b)).toBe(false);
    seen.add(b);
    expect([seen.has(a), seen.has(b)]).toEqual([true, true]);
    // an id added twice is kept once
    seen.add(a);
    expect(seen.size()).toBe(2);
  });

  it("R-TRACK-5 robots are recognised once per user agent", () => {
    let calls = 0;
    const isBot = botCheck((agent) => {
      calls += 1;
      return agent.includes("bot");
    });
    expect([isBot("Googlebot"), isBot("Googlebot"), isBot("iPhone"), isBot("iPhone")]).toEqual([
      true,
      true,
      false,
      false,
    ]);
    expect(calls).toBe(2);
  });

  it("R-TRACK-5 a device over its minute is refused until the minute ends; the batch that reaches it is taken", () => {
    let now = 0;
    const limiter = deviceLimiter(30, () => now);
    const batch = new Map([["d", 20]]);
    expect([limiter.take(batch), limiter.take(batch), limiter.take(batch)]).toEqual([true, true, false]);
    expect(limiter.take(new Map([["other", 1]]))).toBe(true);
    now = 60_000;
    expect(limiter.take(batch)).toBe(true);
  });

  it("R-TRACK-5 the per-device limit forgets ended minutes and costs no more with 120,000 devices in the minute", () => {
    let now = 0;
    const limiter = deviceLimiter(30, () => now);
    const time = (prefix: string, n: number) => {
      const started = performance.now();
      for (let i = 0; i < n; i++) limiter.take(new Map([[`${prefix}-${i}`, 20]]));
      return performance.now() - started;
    };
    const few = time("few", 2000);
    now = 1000;
    time("many", 120_000);
    expect(limiter.size()).toBe(122_000);
    // each batch costs what it cost with few devices (a sweep of every window cost 0.8 ms a batch)
    now = 2000;
    expect(time("more", 2000)).toBeLessThan(Math.max(200, few * 10));
    now = 59_999;
    expect(limiter.size()).toBe(124_000);
    now = 60_500;
    // the 2,000 windows of the first moment are gone, every later one is still open; one starts again
    expect(limiter.take(new Map([["few-0", 30]]))).toBe(true);
    expect(limiter.size()).toBe(122_001);
    expect(limiter.take(new Map([["few-0", 1]]))).toBe(false);
    now = 200_000;
    limiter.take(new Map([["last", 1]]));
    expect(limiter.size()).toBe(1);
  });

  it("R-TRACK-5 the writer makes one row per picked event and content id from the batch's text", () => {
    const events = [
      { event_id: "e-bad-000", behavior: "view" },
      {
        event_id: "e-read-001",
        timestamp: 1_795_000_000,
        behavior: "read",
        tid: "x",
        duration: 12,
        percent: 40,
        device_type: "IOS",
        device_os: "iOS 17",
        user_id: "device-01",
        visit: "visit-001",
      },
      {
        event_id: "e-expose-2",
        timestamp: 1_795_000_100,
        behavior: "expose",
        tid: "x|y",
        device_type: "Android",
        device_os: "Android 14",
        user_id: "device-02",
      },
    ];
    const rows = rowsOf([{ text: JSON.stringify(events), picks: [1, 1, 7, 2, 2, 8, 9], receivedAt: 5 }]);
    expect(rows.map((r) => [r.event_id, r.content_ids, r.items, r.behavior, r.visit, r.duration, r.percent])).toEqual([
      ["e-read-001", "[7]", [7], "read", "visit-001", 12, 40],
      ["e-expose-2", "[8,9]", [8, 9], "expose", "e-expose-2", null, null],
    ]);
    expect(rows[0]).toMatchObject({ at: 1_795_000_000_000, hour: 1_794_999_600_000, received_at: 5 });
  });
});
