/**
 * A deferred part's outcome, as the page's `Deferred` reads it (deferred.tsx): never rejected, and
 * marked once settled in the way React's `use` reads a promise (`status` and `value`, the protocol
 * React keeps on the promises it tracks). A part whose data has come by the time the page renders
 * is then drawn in the page itself, not in a boundary streamed after it and moved into place by a
 * script: the hot and recommended lists, which renders share for a few seconds, mostly have.
 */
export type Settled<T> = { ok: true; value: T } | { ok: false };

/** A promise that says so once it has settled (React's `use` then reads it without suspending). */
export type Outcome<T> = Promise<Settled<T>> & { status?: "fulfilled"; value?: Settled<T> };

const outcomes = new WeakMap<Promise<unknown>, Outcome<unknown>>();

/** The promise's outcome, the same object for the same promise; marked fulfilled as it settles. */
export function outcomeOf<T>(promise: Promise<T>): Outcome<T> {
  let found = outcomes.get(promise) as Outcome<T> | undefined;
  if (!found) {
    const outcome: Outcome<T> = promise.then(
      (value): Settled<T> => ({ ok: true, value }),
      (): Settled<T> => ({ ok: false }),
    );
    void outcome.then((settled) => {
      outcome.status = "fulfilled";
      outcome.value = settled;
    });
    outcomes.set(promise, outcome as Outcome<unknown>);
    found = outcome;
  }
  return found;
}

/**
 * Starts watching a deferred part's promise as a loader makes it, so that by the time the page
 * renders its outcome is known where the data has come.
 */
export function deferred<T>(promise: Promise<T>): Promise<T> {
  outcomeOf(promise);
  return promise;
}
