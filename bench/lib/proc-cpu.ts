/**
 * A process's CPU time from /proc (Linux): user and kernel, all its threads, and split by thread: the
 * main thread (`request`: the one that answers and renders), zlib's and libuv's pool (`pool`), and the
 * rest (V8's collector and compiler helpers, worker threads). Used by the benches that measure the
 * server's CPU apart from their own load generator.
 */
import { readdirSync, readFileSync } from "node:fs";

/** User and kernel CPU time in a /proc stat file (a process's, all its threads, or one thread's), in milliseconds. */
export function statMs(path: string): { user: number; kernel: number } {
  const fields = (readFileSync(path, "utf8").split(") ")[1] as string).split(" ");
  return { user: (Number(fields[11]) * 1000) / 100, kernel: (Number(fields[12]) * 1000) / 100 };
}

export interface CpuReading {
  user: number;
  kernel: number;
  byThread: Record<"request" | "pool" | "helpers", number>;
}

/** CPU time a process has spent, all its threads, and by thread (threads that ended count as helpers). */
export function cpuReading(pid: number): CpuReading {
  const whole = statMs(`/proc/${pid}/stat`);
  const byThread = { request: 0, pool: 0, helpers: 0 };
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = readFileSync(`/proc/${pid}/task/${tid}/comm`, "utf8").trim();
      const { user, kernel } = statMs(`/proc/${pid}/task/${tid}/stat`);
      byThread[Number(tid) === pid ? "request" : name === "libuv-worker" ? "pool" : "helpers"] += user + kernel;
    } catch {
      // the thread ended between the listing and the read
    }
  }
  byThread.helpers += Math.max(0, whole.user + whole.kernel - byThread.request - byThread.pool - byThread.helpers);
  return { ...whole, byThread };
}

/** The CPU spent between two readings, divided among `count` (pages, visits): total, kernel and by thread. */
export function cpuPer(
  before: CpuReading,
  after: CpuReading,
  count: number,
): { total: number; kernel: number; byThread: CpuReading["byThread"] } {
  const per = (ms: number) => ms / count;
  return {
    total: per(after.user + after.kernel - before.user - before.kernel),
    kernel: per(after.kernel - before.kernel),
    byThread: {
      request: per(after.byThread.request - before.byThread.request),
      pool: per(after.byThread.pool - before.byThread.pool),
      helpers: per(after.byThread.helpers - before.byThread.helpers),
    },
  };
}
