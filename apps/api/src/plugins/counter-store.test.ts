import { describe, expect, it } from "vitest";
import { createLocalCounters } from "./counter-store.ts";

describe("rate-limit counters in this process", () => {
  it("R-SEC-RATE a key counts within its window and starts again after it", () => {
    const counters = createLocalCounters();
    expect(counters.incr("ip:1", 60_000, 0)).toEqual({ current: 1, ttl: 60_000 });
    expect(counters.incr("ip:1", 60_000, 1000)).toEqual({ current: 2, ttl: 59_000 });
    expect(counters.read("ip:1", 1000)).toEqual({ current: 2, ttl: 59_000 });
    expect(counters.incr("ip:1", 60_000, 60_000)).toEqual({ current: 1, ttl: 60_000 });
    expect(counters.read("ip:2", 60_000)).toEqual({ current: 0, ttl: 0 });
  });

  it("R-SEC-RATE ended windows of every length leave; at most the limit's keys are held, the oldest going first", () => {
    const counters = createLocalCounters(1000);
    for (let i = 0; i < 500; i++) counters.incr(`minute:${i}`, 60_000, 0);
    for (let i = 0; i < 400; i++) counters.incr(`hour:${i}`, 3_600_000, 0);
    expect(counters.size()).toBe(900);
    // a minute later the minute windows are gone, the hour ones stay
    counters.incr("late", 60_000, 60_000);
    expect(counters.size()).toBe(401);
    expect(counters.read("hour:0", 60_000).current).toBe(1);
    // full: a new key puts out the oldest window
    for (let i = 0; i < 700; i++) counters.incr(`more:${i}`, 3_600_000, 61_000);
    expect(counters.size()).toBe(1000);
    expect(counters.read("hour:0", 61_000).current).toBe(0);
    expect(counters.read("more:699", 61_000).current).toBe(1);
  });

  it("R-SEC-RATE a flood of new keys in one window keeps memory bounded by the limit", () => {
    const counters = createLocalCounters(100);
    for (let i = 0; i < 10_000; i++) counters.incr(`flood:${i}`, 60_000, 1000 + (i % 50));
    expect(counters.size()).toBe(100);
    expect(counters.queued()).toBeLessThanOrEqual(201);
    expect(counters.read("flood:9999", 2000).current).toBe(1);
  });

  it("R-SEC-RATE a count costs no more with the map full of open windows", () => {
    const counters = createLocalCounters(20_000);
    let batch = 0;
    /** The cost of one count of a new key, the best of three batches (a busy machine only adds). */
    const perKey = (n: number, now: number) => {
      let best = Number.POSITIVE_INFINITY;
      for (let round = 0; round < 3; round++) {
        const prefix = `batch${batch++}`;
        const started = performance.now();
        for (let i = 0; i < n; i++) counters.incr(`${prefix}:${i}`, 3_600_000, now);
        best = Math.min(best, (performance.now() - started) / n);
      }
      return best;
    };
    const few = perKey(600, 0);
    for (let i = 0; i < 20_000; i++) counters.incr(`fill:${i}`, 3_600_000, 1);
    // every new key now finds the map full (a sweep of every window cost each of them ~0.2 ms)
    expect(perKey(1500, 2)).toBeLessThan(Math.max(0.04, few * 25));
    expect(counters.size()).toBe(20_000);
  });
});
