/**
 * What crosses between the share site and the server that hosts it (decision 018): the host
 * (apps/web/server/) hands each page render its CSP nonce in a request header, reads the hooks the
 * site's server entry (apps/web/app/entry.server.tsx) exports, and is told of content changes by the
 * API it runs beside.
 */

/**
 * Request header that carries the page's CSP nonce from the host to the renderer. The host sets it
 * itself on every request it renders and drops any such header a client sent (R-SEC-XSS).
 */
export const cspNonceHeader = "x-davmu-csp-nonce";

/**
 * The header the site puts on an API call it makes on the visitor's behalf (`callApiAsVisitor`): the
 * host's fetch takes it off and sends the call from the visitor's address, so the API's per-address
 * limits count the visitor: in process as the injected request's address, over HTTP as
 * `X-Forwarded-For` (which an API takes only from an address its TRUST_PROXY trusts). It never
 * reaches the API.
 */
export const asVisitorHeader = "x-davmu-as-visitor";

/** What the site needs of a request to tell which visitors may share its page. */
export interface VariantRequest {
  /** Absolute URL of the page asked for. */
  url: string;
  headers: { get(name: string): string | null };
}

/** The hooks the site's server entry exports, read by the host once the build is loaded. */
export interface SiteHooks {
  /**
   * Which visitors may be served the same rendered page from the host's page cache: requests with the
   * same variant and URL share one; null keeps the request's page out of the cache.
   */
  cacheVariant(request: VariantRequest): string | null;
  /**
   * Called when content changed in this process, before the host drops its kept pages: answers the
   * site keeps between renders are fetched anew.
   */
  contentChanged(): void;
  /**
   * Called by a host that serves the API in its own process: the site's server-side calls may go
   * through `fetch`, which hands each request to the API in process (Fastify's `inject`: the same
   * routes, hooks, checks, auth and limits) rather than over HTTP to itself. The site uses it only
   * when it reaches the API at its default address (no API_BASE of its own).
   */
  apiInProcess(fetch: typeof globalThis.fetch): void;
  /**
   * Called by every host at start: the site's server-side calls that go over HTTP (to an API_BASE of
   * its own, a site-only deployment among them) go through `fetch`, which sends a call made on the
   * visitor's behalf (`asVisitorHeader`) with the visitor's address in `X-Forwarded-For`.
   */
  apiOverHttp(fetch: typeof globalThis.fetch): void;
}

/** Notices of content changes made in this process (the API's `app.contentChanges`). */
export interface ContentChangeFeed {
  /** Answers a function that stops the subscription. */
  subscribe(listener: () => void): () => void;
}
