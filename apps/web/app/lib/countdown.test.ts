import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createCountdown } from "./countdown.ts";

describe("code countdown", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("R-LOGIN-3 counts 60 s down once a second, then returns to the get-code state", () => {
    const ticks: number[] = [];
    const countdown = createCountdown((left) => ticks.push(left));
    countdown.start(60);
    expect(ticks).toEqual([60]);
    vi.advanceTimersByTime(1000);
    expect(ticks.at(-1)).toBe(59);
    vi.advanceTimersByTime(58000);
    expect(ticks.at(-1)).toBe(1);
    vi.advanceTimersByTime(1000);
    expect(ticks.at(-1)).toBe(0);
    expect(countdown.remaining()).toBe(0);
    vi.advanceTimersByTime(5000);
    expect(ticks).toHaveLength(61);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("R-LOGIN-3 starting again restarts the count; stop ends it", () => {
    const ticks: number[] = [];
    const countdown = createCountdown((left) => ticks.push(left));
    countdown.start(60);
    vi.advanceTimersByTime(10000);
    countdown.start(60);
    expect(ticks.at(-1)).toBe(60);
    countdown.stop();
    vi.advanceTimersByTime(5000);
    expect(ticks.at(-1)).toBe(60);
    expect(vi.getTimerCount()).toBe(0);
  });
});
