import { type ReactNode, Suspense, use } from "react";

type Settled<T> = { ok: true; value: T } | { ok: false };
const settled = new WeakMap<Promise<unknown>, Promise<Settled<unknown>>>();

/** The promise's outcome, never rejected: a failed part draws nothing rather than failing the page. */
function settle<T>(promise: Promise<T>): Promise<Settled<T>> {
  let found = settled.get(promise);
  if (!found) {
    found = promise.then(
      (value) => ({ ok: true, value }),
      () => ({ ok: false }),
    );
    settled.set(promise, found);
  }
  return found as Promise<Settled<T>>;
}

/** Suspends until the promise settles (React's `use`), then draws its value or nothing. */
function Resolved<T>(props: { resolve: Promise<T>; draw: (value: T) => ReactNode }) {
  const outcome = use(settle(props.resolve));
  return outcome.ok ? props.draw(outcome.value) : null;
}

/**
 * A part of the page drawn from a loader's deferred promise, streamed after the page (Suspense and
 * React's `use` on the server). Only a route's component draws one, and route components run on the
 * server only (decision 058): no island holds a deferred part, so its value is not written into the
 * page a second time as JSON: the browser would never read it. A failed or timed-out promise draws
 * nothing.
 */
export function Deferred<T>(props: { resolve: Promise<T>; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Resolved resolve={props.resolve} draw={props.children} />
    </Suspense>
  );
}
