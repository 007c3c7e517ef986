/**
 * How many pages are rendered at once (decision 082). A render holds its request, its loaders' data,
 * React's tree and the page's output until the page is sent; with a hundred renders interleaved on the
 * one thread, what they hold outlives the young generation, and V8's helpers spend about twice as much
 * collecting it as for the same pages rendered a few at a time. A render takes a slot before React
 * Router handles its request and gives it back once the page is sent or the visitor has gone; the
 * others wait their turn in order of arrival, each for a bounded time.
 */
export interface RenderSlots {
  /**
   * Resolves with the slot's release (safe to call more than once) when one is free, in order of
   * arrival; rejects with a `RenderSlotRefused` when none came within `waitMs` or `signal` aborted first.
   */
  acquire(signal: AbortSignal | undefined, waitMs: number): Promise<() => void>;
  /** Slots in use and renders waiting for one (for tests and metrics). */
  readonly inUse: number;
  readonly waiting: number;
}

export class RenderSlotRefused extends Error {
  readonly reason: "busy" | "gone";
  constructor(reason: "busy" | "gone") {
    super(reason === "busy" ? "no render slot came in time" : "the visitor left before a render slot came");
    this.reason = reason;
  }
}

export function createRenderSlots(limit: number): RenderSlots {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`render slots: a positive integer, not ${limit}`);
  let inUse = 0;
  // waiting renders in order of arrival; one that gave up is taken out at once
  const queue = new Set<(release: () => void) => void>();

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const [next] = queue;
      if (next) {
        // the slot passes straight to the next render: inUse stays the same
        queue.delete(next);
        next(releaser());
      } else inUse--;
    };
  };

  return {
    acquire(signal, waitMs) {
      if (signal?.aborted) return Promise.reject(new RenderSlotRefused("gone"));
      if (inUse < limit) {
        inUse++;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const give = (release: () => void) => {
          clearTimeout(timer);
          signal?.removeEventListener("abort", gone);
          resolve(release);
        };
        const giveUp = (reason: "busy" | "gone") => {
          queue.delete(give);
          clearTimeout(timer);
          signal?.removeEventListener("abort", gone);
          reject(new RenderSlotRefused(reason));
        };
        const gone = () => giveUp("gone");
        const timer = setTimeout(() => giveUp("busy"), waitMs);
        signal?.addEventListener("abort", gone, { once: true });
        queue.add(give);
      });
    },
    get inUse() {
      return inUse;
    },
    get waiting() {
      return queue.size;
    },
  };
}
