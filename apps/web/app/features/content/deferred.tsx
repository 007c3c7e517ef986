import { type ReactNode, Suspense, use } from "react";
import { outcomeOf, type Settled } from "./settled.ts";

/** Suspends until the promise settles (React's `use`), then draws its value or nothing. */
function Resolved<T>(props: { resolve: Promise<T>; draw: (value: T) => ReactNode }) {
  // an outcome already settled says so (settled.ts): `use` reads it without suspending
  const outcome = use<Settled<T>>(outcomeOf(props.resolve) as Promise<Settled<T>>);
  return outcome.ok ? props.draw(outcome.value) : null;
}

/**
 * A part of the page drawn from a loader's deferred promise (Suspense and React's `use` on the
 * server). Where its data has come by the time the page renders (a loader that made the promise with
 * `deferred`, settled.ts), it is drawn in the page itself, in place (the entry lets React write a
 * completed boundary inline, entry.server.tsx); otherwise it is streamed after the page. Only a
 * route's component draws one, and route components run on the server only (decision 058): no island
 * holds a deferred part, so its value is not written into the page a second time as JSON: the browser
 * would never read it. A failed or timed-out promise draws nothing.
 */
export function Deferred<T>(props: { resolve: Promise<T>; children: (value: T) => ReactNode }) {
  return (
    <Suspense fallback={null}>
      <Resolved resolve={props.resolve} draw={props.children} />
    </Suspense>
  );
}
