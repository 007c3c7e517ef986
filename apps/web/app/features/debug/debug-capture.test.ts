import { describe, expect, it, vi } from "vitest";
import { wantsDebugConsole } from "../../model/site.ts";
import { captureConsole, describeValue } from "./debug-capture.ts";

describe("debug console", () => {
  it("R-SITE-11 the debug console loads only when the site config flag debug is on", () => {
    expect(wantsDebugConsole({ debug: true })).toBe(true);
    expect(wantsDebugConsole({ debug: false })).toBe(false);
  });
  it("R-SITE-11 console output reaches the panel as text, the console still prints, and release restores it", () => {
    const log = vi.fn();
    const target = { log, info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    const lines: string[] = [];
    const release = captureConsole(target, (level, text) => lines.push(`${level} ${text}`));
    target.log("a", 1, { b: 2 });
    target.error(new TypeError("boom"));
    expect(log).toHaveBeenCalledWith("a", 1, { b: 2 });
    expect(lines).toEqual(['log a 1 {"b":2}', "error TypeError: boom"]);
    release();
    expect(target.log).toBe(log);
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    expect(describeValue(circular)).toBe("[object Object]");
    expect(describeValue(undefined)).toBe("undefined");
  });
});
