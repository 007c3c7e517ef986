/**
 * A page's loader data, kept on the server (decision 089).
 *
 * React Router's framework mode encodes every document request's loader data for its browser router
 * (a turbo-stream, `serverHandoffStream`) before the entry renders, and encodes each promise in it
 * again as it settles. This site's browser never runs React Router (decision 058): the entry cancels
 * that stream unsent (entry.server.tsx), and islands carry their own props. The encoding still walked
 * the whole page (an article's body, its lists, its share card): about a tenth of the request
 * thread's time a rendered page.
 *
 * So a route's loader answers with a handle: `return keep({ … })`, or `data(keep({ … }), init)` for
 * an answer with a status or headers. The handle is an empty object, all React Router sees and
 * encodes; what it stands for is kept in a WeakMap beside it, for the render of the same request
 * (and dropped with the handle once the page is written). The component, `meta` and the layouts read
 * it with `pageData<typeof loader>(loaderData)`, typed from the loader itself.
 */

declare const keptValue: unique symbol;

/** A loader's answer kept on the server; the type is a brand, the object empty. */
export interface KeptData<T> {
  readonly [keptValue]: T;
}

const kept = new WeakMap<object, unknown>();

/** The handle a loader answers with, for `value` kept on the server. */
export function keep<T>(value: T): KeptData<T> {
  const handle = Object.freeze({});
  kept.set(handle, value);
  return handle as KeptData<T>;
}

/** Whether `loaderData` is a handle `keep` made. */
export function isKept(loaderData: unknown): loaderData is KeptData<unknown> {
  return typeof loaderData === "object" && loaderData !== null && kept.has(loaderData);
}

/** A loader's answer: `keep(value)`, or `data(keep(value), init)` (React Router's `data`). */
type KeptAnswer = KeptData<unknown> | { data: KeptData<unknown>; init: unknown };

/** A loader whose every answer is kept: one that answers anything else does not type-check here. */
export type KeepingLoader = (...args: never[]) => KeptAnswer | Promise<KeptAnswer>;

/** What a loader keeps, a union where it answers both ways. */
type KeptBy<R> = R extends { data: KeptData<infer T>; init: unknown } ? T : R extends KeptData<infer T> ? T : never;

/** The value a route's loader keeps, from the loader's type: `PageData<typeof loader>`. */
export type PageData<L extends KeepingLoader> = KeptBy<Awaited<ReturnType<L>>>;

/**
 * The value behind a loader's handle (its `loaderData` as React Router hands it to the component or
 * `meta`). Throws for anything else: a loader that answered without `keep`, read as if it had.
 */
export function pageData<L extends KeepingLoader>(loaderData: unknown): PageData<L> {
  if (!isKept(loaderData)) throw new TypeError("pageData: the loader data is not a handle made by keep()");
  return kept.get(loaderData) as PageData<L>;
}
