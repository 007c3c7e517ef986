/**
 * What a server-rendered page hands to its hydration script (decision 014): the matched routes with
 * their modules and params, the loaders' data and the route errors, as JSON in a
 * `<script type="application/json">` that the browser never executes.
 */

/** Id of the element that carries the page data. */
export const pageDataId = "page-data";

/**
 * Routes whose pages load no script: no page data, no boot script, HTML and CSS alone. The desktop
 * wrapper has nothing to answer a click with; the page it frames brings its own scripts (and
 * registers the service worker, reloads on a missing chunk, …). Read by the server's hand-off and by
 * the byte budget (packages/test-support/src/page-bytes.ts).
 */
export const routesWithoutScripts: ReadonlySet<string> = new Set(["routes/pc"]);

export interface PageRoute {
  id: string;
  /** URL of the route's client module */
  module: string;
  params: Record<string, string | undefined>;
  pathname: string;
}

/** A thrown `data(…, { status })` or 404, or any other error (its message is not shipped). */
export type PageError =
  | { kind: "response"; status: number; statusText: string; data: unknown; internal: boolean }
  | { kind: "error"; message: string };

export interface PageData {
  /** Matched routes from the root down, up to the one whose error boundary draws the page */
  routes: PageRoute[];
  loaderData: Record<string, unknown>;
  /** Errors by the id of the route whose boundary shows them */
  errors: Record<string, PageError> | null;
}

const unsafe: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * JSON that is safe inside a `<script>` element: no `<`, `>` or `&` (so no `</script>` or `<!--`),
 * no line separators. Promises (deferred loader data) are left out: each deferred part ships its own
 * value next to its streamed markup (lib/deferred.tsx).
 */
export function jsonForScript(value: unknown): string {
  const json = JSON.stringify(value, (_key, v) =>
    v !== null && typeof v === "object" && typeof (v as { then?: unknown }).then === "function" ? undefined : v,
  );
  return (json ?? "null").replace(/[<>&\u2028\u2029]/g, (c) => unsafe[c] ?? c);
}

/** The page data of a whole HTML document (a page fetched for an in-page navigation), or null. */
export function pageDataFromHtml(html: string): PageData | null {
  const match = new RegExp(`<script type="application/json" id="${pageDataId}"[^>]*>([\\s\\S]*?)</script>`).exec(html);
  if (!match?.[1]) return null;
  try {
    return JSON.parse(match[1]) as PageData;
  } catch {
    return null;
  }
}
