import { describe, expect, it } from "vitest";
import { inTurns, nextTurn, type TurnsHost } from "./turns.ts";

/** A main thread as far as turns need one: tasks queued by the page, run one at a time by `runTask`. */
function mainThread() {
  const queue: Array<() => void> = [];
  return {
    queue,
    next: (run: () => void) => {
      queue.push(run);
    },
    /** runs the oldest queued task, as the browser's event loop would; false when none was waiting */
    runTask(): boolean {
      const task = queue.shift();
      if (!task) return false;
      task();
      return true;
    },
  };
}

describe("start-up work in turns (R-WEB-ISLAND-3, decision 098)", () => {
  it("R-WEB-ISLAND-3 each step runs in a task of its own, in order, none before the first turn", async () => {
    const thread = mainThread();
    const ran: string[] = [];
    const done = inTurns(
      ["banner", "site", "session", "wechat", "idle"].map((name) => () => {
        ran.push(name);
      }),
      { next: thread.next },
    );
    // nothing runs in the caller's task: the module that starts the page ends its task first
    expect(ran).toEqual([]);
    const perTask: string[][] = [];
    while (thread.queue.length) {
      const before = ran.length;
      thread.runTask();
      perTask.push(ran.slice(before));
    }
    await done;
    expect(ran).toEqual(["banner", "site", "session", "wechat", "idle"]);
    // at most one step in any task, whatever else the thread ran between them (input, paint)
    expect(perTask.every((steps) => steps.length <= 1)).toBe(true);
  });

  it("R-WEB-ISLAND-3 input queued between two steps is answered before the next step", () => {
    const thread = mainThread();
    const order: string[] = [];
    void inTurns(
      [
        () => {
          order.push("step 1");
          // a tap lands while step 1 runs: the browser queues its task
          thread.next(() => order.push("tap"));
        },
        () => order.push("step 2"),
      ],
      { next: thread.next },
    );
    while (thread.runTask()) {
      // the event loop
    }
    expect(order).toEqual(["step 1", "tap", "step 2"]);
  });

  it("R-WEB-ISLAND-3 a step that throws is reported and the steps after it still run", async () => {
    const thread = mainThread();
    const warned: unknown[][] = [];
    const ran: string[] = [];
    const done = inTurns(
      [
        () => ran.push("first"),
        () => {
          throw new Error("storage refused");
        },
        () => ran.push("third"),
      ],
      { next: thread.next, warn: (...args) => warned.push(args) },
    );
    while (thread.runTask()) {
      // the event loop
    }
    await done;
    expect(ran).toEqual(["first", "third"]);
    expect(warned).toHaveLength(1);
    expect(String(warned[0]?.[1])).toContain("storage refused");
  });

  it("R-WEB-ISLAND-3 no steps: resolves after one turn", async () => {
    const thread = mainThread();
    let resolved = false;
    const done = inTurns([], { next: thread.next }).then(() => {
      resolved = true;
    });
    thread.runTask();
    await done;
    expect(resolved).toBe(true);
  });

  it("R-WEB-ISLAND-3 the next turn is a task the browser schedules: postTask where there is one, else a 0 ms timer", () => {
    const posted: Array<{ priority?: string }> = [];
    const timers: number[] = [];
    const scheduler: TurnsHost["scheduler"] = {
      postTask(run, options) {
        // called as the scheduler's method: Chrome refuses an unbound call ("Illegal invocation")
        if (this !== scheduler) throw new TypeError("Illegal invocation");
        posted.push(options ?? {});
        run();
        return Promise.resolve();
      },
    };
    const withPostTask: TurnsHost = { scheduler, setTimeout: (_run, ms) => timers.push(ms) };
    let ran = 0;
    nextTurn(withPostTask)(() => ran++);
    expect(ran).toBe(1);
    expect(posted).toEqual([{ priority: "user-visible" }]);
    expect(timers).toEqual([]);

    // WeChat's XWEB on Chrome 86 and iOS 12 have no scheduler
    const queued: Array<() => void> = [];
    const withoutScheduler: TurnsHost = {
      setTimeout: (run, ms) => {
        timers.push(ms);
        queued.push(run);
      },
    };
    nextTurn(withoutScheduler)(() => ran++);
    expect(ran).toBe(1);
    expect(timers).toEqual([0]);
    queued.shift()?.();
    expect(ran).toBe(2);
  });

  it("R-WEB-ISLAND-3 what a turn throws under postTask is thrown again as the page's own uncaught error, not swallowed", async () => {
    const queued: Array<{ run: () => void; ms: number }> = [];
    const scheduler: TurnsHost["scheduler"] = {
      // Chrome's postTask: the callback's exception refuses the promise it answered
      postTask(run) {
        try {
          run();
          return Promise.resolve();
        } catch (error) {
          return Promise.reject(error);
        }
      },
    };
    const host: TurnsHost = { scheduler, setTimeout: (run, ms) => queued.push({ run, ms }) };
    nextTurn(host)(() => {
      throw new Error("tracker failed to start");
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(queued.map((timer) => timer.ms)).toEqual([0]);
    expect(() => queued[0]?.run()).toThrow("tracker failed to start");
  });
});
