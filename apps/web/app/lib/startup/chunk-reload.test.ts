import { describe, expect, it, vi } from "vitest";
import { chunkReloadKey, isChunkLoadError, mayReload, reloadForChunkError } from "./chunk-reload.ts";

function memory(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe("chunk-load failure reload", () => {
  it("R-SITE-10 chunk-load errors of Chrome, Safari and Firefox are recognised; others are not", () => {
    expect(
      isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: /davmu/share/assets/a.js")),
    ).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError(undefined)).toBe(false);
  });
  it("R-SITE-10 the guard allows one reload a minute", () => {
    const now = 1_000_000;
    expect(mayReload(now, null)).toBe(true);
    expect(mayReload(now, String(now - 59_999))).toBe(false);
    expect(mayReload(now, String(now - 60_000))).toBe(true);
    expect(mayReload(now, "garbage")).toBe(true);
    expect(mayReload(now, String(now + 5000))).toBe(true);
  });
  it("R-SITE-10 a failure reloads and remembers the time in session storage; a second within the minute does not", () => {
    const storage = memory();
    const reload = vi.fn();
    let now = 5_000_000;
    const deps = { now: () => now, storage, reload };
    const error = new TypeError("Failed to fetch dynamically imported module: x");
    expect(reloadForChunkError(error, deps)).toBe(true);
    expect(storage.map.get(chunkReloadKey)).toBe("5000000");
    now += 30_000;
    expect(reloadForChunkError(error, deps)).toBe(false);
    now += 30_000;
    expect(reloadForChunkError(error, deps)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
    expect(reloadForChunkError(new Error("other"), deps)).toBe(false);
  });
  it("R-SITE-10 without session storage no reload is risked", () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error("quota");
      },
    };
    expect(
      reloadForChunkError(new Error("Importing a module script failed."), { now: () => 1, storage: broken, reload }),
    ).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
