import { type ReactNode, Suspense } from "react";
import { jsonForScript } from "./page-router/page-data.ts";
import { Await } from "./router.ts";

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

/**
 * A part of the page drawn from a loader's deferred promise, streamed after the page (Suspense and
 * React Router's Await on the server). Its value goes out as JSON next to its markup, so the browser,
 * which has no router to carry the promise (decision 014), hydrates it from the page; the module
 * script runs once the whole page has arrived. A failed or timed-out promise draws nothing.
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
        <Await resolve={props.resolve} errorElement={null}>
          {draw}
        </Await>
      </Suspense>
    );
  }
  const streamed = streamedValue(name);
  return <Suspense fallback={null}>{streamed ? draw(streamed.value as T) : null}</Suspense>;
}
