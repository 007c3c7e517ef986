/**
 * What a page does as it starts, in turns (decision 098): each step runs in a task of the main thread
 * of its own, so that the start-up never makes one long task. On a mid- or low-end phone a task over
 * 50 ms holds back a tap that lands during it (and counts toward Total Blocking Time); five steps of
 * 10 ms each in a task of their own hold back nothing, the browser paints and answers input between
 * them. The steps run in the order given, each once, and one that throws does not stop the others.
 *
 * The next task is asked for with `scheduler.postTask` where the browser has it (Chrome 94 and
 * later), else with a 0 ms timer (WeChat's X5 and XWEB cores on Chrome 86, iOS 12).
 */

type PostTask = (run: () => void, options?: { priority?: "user-blocking" | "user-visible" | "background" }) => unknown;

export interface TurnsHost {
  scheduler?: { postTask?: PostTask };
  setTimeout(run: () => void, ms: number): unknown;
}

/**
 * Runs `run` in a task of its own, after what the main thread has waiting (input, paint). What `run`
 * throws is an uncaught error of the page either way (the page's error handlers see it): `postTask`
 * would hand it to its promise instead, so it is thrown again from a timer.
 */
export function nextTurn(host: TurnsHost = window as unknown as TurnsHost): (run: () => void) => void {
  const scheduler = host.scheduler;
  const postTask = scheduler?.postTask;
  if (typeof postTask === "function") {
    return (run) => {
      void Promise.resolve(postTask.call(scheduler, run, { priority: "user-visible" })).catch((error: unknown) => {
        host.setTimeout(() => {
          throw error;
        }, 0);
      });
    };
  }
  return (run) => {
    host.setTimeout(run, 0);
  };
}

/**
 * Runs the steps one after the other, each in a turn of its own; resolves once the last has run. A
 * step that throws is reported to `warn` and the next one runs.
 */
export function inTurns(
  steps: ReadonlyArray<() => void>,
  options: { next?: (run: () => void) => void; warn?: (...args: unknown[]) => void } = {},
): Promise<void> {
  const next = options.next ?? nextTurn();
  const warn = options.warn ?? ((...args: unknown[]) => console.warn(...args));
  return new Promise((resolve) => {
    let index = 0;
    const runOne = () => {
      const step = steps[index++];
      if (!step) {
        resolve();
        return;
      }
      try {
        step();
      } catch (error) {
        warn("a start-up step failed:", error);
      }
      next(runOne);
    };
    next(runOne);
  });
}
