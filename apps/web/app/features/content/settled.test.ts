import { describe, expect, it } from "vitest";
import { deferred, outcomeOf } from "./settled.ts";

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("a deferred part's outcome", () => {
  it("R-WEB-SSR a settled promise's outcome says so, as React's `use` reads it: the part is drawn without suspending", async () => {
    const lists = deferred(Promise.resolve({ hot: ["热榜"] }));
    await tick();
    const outcome = outcomeOf(lists);
    expect(outcome.status).toBe("fulfilled");
    expect(outcome.value).toEqual({ ok: true, value: { hot: ["热榜"] } });
    // the same outcome for the same promise
    expect(outcomeOf(lists)).toBe(outcome);
  });

  it("R-WEB-SSR a pending promise's outcome says nothing until it settles; a failed one settles as nothing to draw, never a rejection", async () => {
    let resolve!: (value: string) => void;
    const slow = deferred(new Promise<string>((r) => (resolve = r)));
    const outcome = outcomeOf(slow);
    await tick();
    expect(outcome.status).toBeUndefined();
    resolve("晚到的列表");
    await expect(outcome).resolves.toEqual({ ok: true, value: "晚到的列表" });
    expect(outcome.status).toBe("fulfilled");

    const failed = outcomeOf(Promise.reject(new Error("热榜不可用")));
    await expect(failed).resolves.toEqual({ ok: false });
    expect(failed.value).toEqual({ ok: false });
  });
});
