/**
 * Heavy work with bounded concurrency and a bounded wait (R-REL-5): at most `concurrency` jobs run at
 * once, at most `capacity` more wait, in order of arrival. A job offered to a full queue is refused
 * at once (`WorkRefused`, reason "full"); one still waiting at its deadline leaves the queue unstarted
 * (reason "late"), so its caller answers instead of hanging. A started job always runs to its end:
 * whatever was answered as accepted had all of its work done.
 */

export class WorkRefused extends Error {
  readonly reason: "full" | "late";
  constructor(reason: "full" | "late") {
    super(reason === "full" ? "work queue full" : "waited past the deadline");
    this.name = "WorkRefused";
    this.reason = reason;
  }
}

export interface WorkQueueOptions {
  /** Jobs running at once. */
  concurrency: number;
  /** Jobs waiting beyond those; one more is refused. */
  capacity: number;
}

export interface WorkQueue {
  /** Runs `job` when a place is free; refuses it when the queue is full, or when it has not started by `deadline` (ms, Date.now()). */
  run<T>(job: () => Promise<T>, deadline: number): Promise<T>;
  /** Whether a job offered now would be refused at once. */
  full(): boolean;
  readonly running: number;
  readonly waiting: number;
}

interface Waiting {
  start(): void;
  timer: NodeJS.Timeout;
}

export function createWorkQueue({ concurrency, capacity }: WorkQueueOptions): WorkQueue {
  let running = 0;
  const queue: Waiting[] = [];

  const next = () => {
    const waiting = queue.shift();
    if (!waiting) return;
    clearTimeout(waiting.timer);
    waiting.start();
  };

  const execute = <T>(job: () => Promise<T>): Promise<T> => {
    running++;
    const done = () => {
      running--;
      next();
    };
    return Promise.resolve().then(job).finally(done);
  };

  return {
    run(job, deadline) {
      if (running < concurrency && queue.length === 0) return execute(job);
      if (queue.length >= capacity) return Promise.reject(new WorkRefused("full"));
      return new Promise((resolve, reject) => {
        const waiting: Waiting = {
          start: () => {
            execute(job).then(resolve, reject);
          },
          timer: setTimeout(
            () => {
              const at = queue.indexOf(waiting);
              if (at >= 0) queue.splice(at, 1);
              reject(new WorkRefused("late"));
            },
            Math.max(0, deadline - Date.now()),
          ),
        };
        queue.push(waiting);
      });
    },
    full: () => running >= concurrency && queue.length >= capacity,
    get running() {
      return running;
    },
    get waiting() {
      return queue.length;
    },
  };
}
