/** A data fetch keeps its loading state at least this long, so a spinner never flickers (R-SITE-12). */
export const minimumLoadingMs = 200;

type Timers = { setTimeout: (fn: () => void, ms: number) => unknown };

/** Settles like `work`, but no earlier than `ms` after the call. */
export function holdAtLeast<T>(
  work: Promise<T>,
  ms: number = minimumLoadingMs,
  timers: Timers = globalThis,
): Promise<T> {
  const floor = new Promise<void>((resolve) => {
    timers.setTimeout(resolve, ms);
  });
  return Promise.allSettled([work, floor]).then(([result]) => {
    if (result.status === "fulfilled") return result.value;
    throw result.reason;
  });
}
