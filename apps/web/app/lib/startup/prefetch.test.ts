import { describe, expect, it, vi } from "vitest";
import { linksToPrefetch, prefetchIdleTimeoutMs, shouldPrefetch, whenIdle } from "./prefetch.ts";

describe("idle link prefetch", () => {
  it("R-SITE-9 prefetch is skipped offline, on 2g and slow-2g, and with data-saver", () => {
    expect(shouldPrefetch({ onLine: true })).toBe(true);
    expect(shouldPrefetch({ onLine: true, connection: null })).toBe(true);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "4g", saveData: false } })).toBe(true);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "3g" } })).toBe(true);
    expect(shouldPrefetch({ onLine: false, connection: { effectiveType: "4g" } })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "2g" } })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "slow-2g" } })).toBe(false);
    expect(shouldPrefetch({ onLine: true, connection: { effectiveType: "4g", saveData: true } })).toBe(false);
  });
  it("R-SITE-9 only site links not yet fetched, not the current page, at most six", () => {
    const base = "/davmu/share/";
    const hrefs = [
      "/davmu/share/a",
      "https://x.example/",
      "/davmu/share/a",
      "/davmu/share/",
      "/davmu/share/b",
      "/media/x.jpg",
    ];
    expect(linksToPrefetch(hrefs, { base, current: "/davmu/share/", done: new Set(["/davmu/share/b"]) })).toEqual([
      "/davmu/share/a",
    ]);
    const many = Array.from({ length: 10 }, (_, i) => `/davmu/share/${i}`);
    expect(linksToPrefetch(many, { base, current: "", done: new Set() })).toHaveLength(6);
  });
  it("R-SITE-9 work runs on idle with a 2000 ms timeout, or on a timer where idle callbacks are missing", () => {
    const requestIdleCallback = vi.fn((_cb: () => void, _opts?: { timeout: number }) => 7);
    const cancelIdleCallback = vi.fn();
    const cancel = whenIdle(() => {}, { requestIdleCallback, cancelIdleCallback } as never);
    expect(requestIdleCallback.mock.calls[0]?.[1]).toEqual({ timeout: prefetchIdleTimeoutMs });
    expect(prefetchIdleTimeoutMs).toBe(2000);
    cancel();
    expect(cancelIdleCallback).toHaveBeenCalledWith(7);
    vi.useFakeTimers();
    try {
      const work = vi.fn();
      whenIdle(work, { setTimeout, clearTimeout } as never);
      expect(work).not.toHaveBeenCalled();
      vi.runAllTimers();
      expect(work).toHaveBeenCalledOnce();
    } finally {
      // the unit files share their worker: timers stay real for the next file, whatever failed here
      vi.useRealTimers();
    }
  });
});
