import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createToastQueue, toastDurationMs, toastMinimumMs } from "./toast.ts";

describe("toast queue", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("R-ERR-1 a toast shows for about 2 s, then goes", () => {
    const queue = createToastQueue();
    const seen: Array<string | null> = [];
    queue.subscribe(() => seen.push(queue.current()?.text ?? null));
    queue.show("评论成功");
    expect(queue.current()?.text).toBe("评论成功");
    vi.advanceTimersByTime(toastDurationMs - 1);
    expect(queue.current()?.text).toBe("评论成功");
    vi.advanceTimersByTime(1);
    expect(queue.current()).toBeNull();
    expect(seen).toEqual(["评论成功", null]);
  });

  it("R-ERR-1 toasts show one at a time, in order; a waiting one cuts the current short", () => {
    const queue = createToastQueue();
    queue.show("收藏成功");
    queue.show("已取消收藏");
    expect(queue.current()?.text).toBe("收藏成功");
    vi.advanceTimersByTime(toastMinimumMs);
    expect(queue.current()?.text).toBe("已取消收藏");
    vi.advanceTimersByTime(toastDurationMs);
    expect(queue.current()).toBeNull();
  });

  it("R-ERR-1 the same message twice in a row shows once; an empty one is ignored", () => {
    const queue = createToastQueue();
    const listener = vi.fn();
    queue.subscribe(listener);
    queue.show("评论内容不能为空");
    queue.show("评论内容不能为空");
    queue.show("");
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(toastDurationMs);
    expect(queue.current()).toBeNull();
  });

  it("R-ERR-1 a burst keeps only the latest few waiting", () => {
    const queue = createToastQueue();
    for (const text of ["a", "b", "c", "d", "e"]) queue.show(text);
    const shown: string[] = [];
    queue.subscribe(() => {
      const item = queue.current();
      if (item) shown.push(item.text);
    });
    shown.push("a");
    vi.advanceTimersByTime(toastMinimumMs * 3 + toastDurationMs);
    expect(shown).toEqual(["a", "c", "d", "e"]);
  });
});
