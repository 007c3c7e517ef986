/**
 * Like taps sent in aggregate (R-CONTENT-10, docs/live.md): taps are counted locally and sent at most
 * once a second, up to 50 in one request; each request carries a msg_id, and a failed request is
 * retried with the same msg_id and count, so the server counts it once whatever happens.
 */
export type LikeSender = (count: number, msgId: string) => Promise<unknown>;

export interface LikeBatcher {
  tap(): void;
  /** taps not yet confirmed by the server */
  pending(): number;
  stop(): void;
}

export interface LikeTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const likeBatchMax = 50;
const intervalMs = 1000;
const maxTries = 3;

export function newMsgId(random: () => number = Math.random): string {
  return `${Date.now().toString(36)}-${Math.floor(random() * 0x7fffffff).toString(36)}`;
}

export function createLikeBatcher(
  send: LikeSender,
  options: { timers?: LikeTimers; newId?: () => string } = {},
): LikeBatcher {
  const timers: LikeTimers = options.timers ?? globalThis;
  const newId = options.newId ?? (() => newMsgId());
  let waiting = 0;
  /** the request in flight or to retry: its count and msg_id stay the same across tries */
  let batch: { count: number; id: string; tries: number } | null = null;
  let timer: unknown = null;
  let lastSent = Number.NEGATIVE_INFINITY;
  let stopped = false;

  function schedule() {
    if (timer !== null || stopped) return;
    const wait = Math.max(0, lastSent + intervalMs - Date.now());
    timer = timers.setTimeout(flush, wait);
  }

  function flush() {
    timer = null;
    if (stopped) return;
    if (!batch) {
      if (waiting === 0) return;
      const count = Math.min(likeBatchMax, waiting);
      waiting -= count;
      batch = { count, id: newId(), tries: 0 };
    }
    const current = batch;
    current.tries += 1;
    lastSent = Date.now();
    send(current.count, current.id)
      .then(
        () => {
          batch = null;
        },
        () => {
          // after the last try the taps are given up: the hearts were drawn, the count is best effort
          if (current.tries >= maxTries) batch = null;
        },
      )
      .then(() => {
        if (batch || waiting > 0) schedule();
      });
  }

  return {
    tap() {
      waiting += 1;
      // one request at a time: the next is scheduled when the one in flight settles
      if (!batch) schedule();
    },
    pending: () => waiting + (batch ? batch.count : 0),
    stop() {
      stopped = true;
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
    },
  };
}
