import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { countdownParts } from "./clock.ts";
import { createStartWatch } from "./start-watch.ts";
import type { LiveRoomStatus } from "./types.ts";

describe("countdown before a live", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date("2026-11-24T10:00:00Z"));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("R-LIVE-3 splits the time left into days, hours, minutes and seconds", () => {
    expect(countdownParts(2 * 86400 + 3 * 3600 + 4 * 60 + 5)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 });
    expect(countdownParts(-3)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 });
  });

  it("R-LIVE-3 at zero the server is asked; the player comes when it says live, asking again while it says upcoming", async () => {
    const answers: LiveRoomStatus[] = ["upcoming", "live"];
    const confirm = vi.fn(async () => answers.shift() ?? "live");
    const ticks: number[] = [];
    const statuses: LiveRoomStatus[] = [];
    const watch = createStartWatch({
      startTime: "2026-11-24T10:00:03Z",
      confirm,
      onTick: (left) => ticks.push(left),
      onStatus: (s) => statuses.push(s),
    });
    watch.start();
    expect(ticks).toEqual([3]);
    await vi.advanceTimersByTimeAsync(2000);
    expect(confirm).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(ticks).toEqual([3, 2, 1, 0]);
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(statuses).toEqual([]);
    await vi.advanceTimersByTimeAsync(5000);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(statuses).toEqual(["live"]);
    await vi.advanceTimersByTimeAsync(20000);
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("R-LIVE-3 a status frame swaps the countdown for the player at once, before the clock runs out", async () => {
    const statuses: LiveRoomStatus[] = [];
    const confirm = vi.fn(async (): Promise<LiveRoomStatus> => "upcoming");
    const watch = createStartWatch({
      startTime: "2026-11-24T12:00:00Z",
      confirm,
      onTick: () => {},
      onStatus: (s) => statuses.push(s),
    });
    watch.start();
    await vi.advanceTimersByTimeAsync(5000);
    watch.statusChanged("upcoming");
    expect(statuses).toEqual([]);
    watch.statusChanged("live");
    expect(statuses).toEqual(["live"]);
    watch.statusChanged("ended");
    expect(statuses).toEqual(["live"]);
    expect(confirm).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("R-LIVE-3 a start time already past asks the server at once", async () => {
    const confirm = vi.fn(async (): Promise<LiveRoomStatus> => "live");
    const statuses: LiveRoomStatus[] = [];
    createStartWatch({
      startTime: "2026-11-24T09:00:00Z",
      confirm,
      onTick: () => {},
      onStatus: (s) => statuses.push(s),
    }).start();
    await vi.advanceTimersByTimeAsync(0);
    expect(statuses).toEqual(["live"]);
  });
});
