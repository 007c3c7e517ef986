import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { holdAtLeast, minimumLoadingMs } from "./min-delay.ts";

describe("loading state held at least 200 ms", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("R-SITE-12 a fast fetch resolves only after 200 ms", async () => {
    expect(minimumLoadingMs).toBe(200);
    const done = vi.fn();
    void holdAtLeast(Promise.resolve("data")).then(done);
    await vi.advanceTimersByTimeAsync(199);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith("data");
  });
  it("R-SITE-12 a slow fetch is not delayed further", async () => {
    const done = vi.fn();
    const slow = new Promise((resolve) => setTimeout(() => resolve("late"), 500));
    void holdAtLeast(slow).then(done);
    await vi.advanceTimersByTimeAsync(499);
    expect(done).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toHaveBeenCalledWith("late");
  });
  it("R-SITE-12 a failure is held too, then rethrown", async () => {
    const failed = vi.fn();
    void holdAtLeast(Promise.reject(new Error("boom")), 300).catch(failed);
    await vi.advanceTimersByTimeAsync(299);
    expect(failed).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(failed.mock.calls[0]?.[0]).toBeInstanceOf(Error);
  });
});
