import { type ReactNode, Suspense, use } from "react";
import { jsonForScript } from "../../lib/json-script.ts";

const parsed = new Map<string, { value: unknown } | null>();

/** The value the server streamed for a deferred part, read from the page (null when none came). */
function streamedValue(name: string): { value: unknown } | null {
  if (!parsed.has(name)) {
    const element = document.querySelector(`script[type="application/json"][data-deferred="${name}"]`);
    let found: { value: unknown } | null = null;
    try {
      found = element?.textContent ? { value: JSON.parse(element.textContent) } : null;
    } catch {
      found = null;
    }
    parsed.set(name, found);
  }
  return parsed.get(name) ?? null;
}

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
 * React's `use` on the server). Its value goes out as JSON next to its markup, so an island that holds
 * it hydrates it from the page (the browser has no router to carry the promise, decision 058); the
 * module script runs once the whole page has arrived. A failed or timed-out promise draws nothing.
 */
export function Deferred<T>(props: { name: string; resolve: Promise<T>; children: (value: T) => ReactNode }) {
  const { name, children } = props;
  const draw = (value: T) => (
    <>
      <script type="application/json" data-deferred={name} dangerouslySetInnerHTML={{ __html: jsonForScript(value) }} />
      {children(value)}
    </>
  );
  if (import.meta.env.SSR) {
    return (
      <Suspense fallback={null}>
        <Resolved resolve={props.resolve} draw={draw} />
      </Suspense>
    );
  }
  const streamed = streamedValue(name);
  return <Suspense fallback={null}>{streamed ? draw(streamed.value as T) : null}</Suspense>;
}
