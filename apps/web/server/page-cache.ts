import type { IncomingHttpHeaders } from "node:http";
import type { SiteHooks } from "@davmu/contracts/site-host";
import { type CachedResponse, createResponseCache, type StoredResponse } from "@davmu/http-cache/response-cache";

/**
 * The page cache (decision 011): rendered pages kept pre-compressed for anonymous visitors, keyed by
 * URL and the site's cache variant, dropped on any content change, rendered by one request at a
 * time and served stale for a while after they expire while that one request renders them anew.
 */

/** A request as far as the page cache looks at it: Fastify's, or the raw one of the `request` event. */
export interface PageRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/** Longest a rendered page is served from the cache, whatever the page asks for. */
const pageCacheMaxTtlMs = 60_000;
/**
 * How long after it expires a page may still be served while one visitor's request renders it anew
 * (stale while revalidate): the other visitors meanwhile never wait for a render.
 */
const pageCacheStaleMs = 10_000;
/** Every page lists or shows content: a change to any content item drops them all. */
const contentTag = "content";
/** Options of every lookup of a hit: made once, not per request. */
const staleToo = { stale: true } as const;

/** Seconds a shared cache may keep the response (`s-maxage`), or null when it must not be shared. */
export function sharedMaxAge(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return null;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return null;
  const match = /\bs-maxage=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

/** Only visitors who carry no credentials share pages: a token or any cookie keeps a request out. */
function anonymous(request: PageRequest): boolean {
  return request.headers.authorization === undefined && request.headers.cookie === undefined;
}

/** A page being rendered, by the request that may keep it for the others. */
export interface PageRender {
  /** The page will not be kept (not shareable, or failed): the requests waiting for it go on. */
  release(): void;
  /** The answer ended (sent, or the visitor gone): its waiters go on, unless the page is being kept. */
  ended(): void;
  /**
   * Keeps the page unless content changed since its render began (it may hold the data from before
   * the change): `page` is built only then. Compressed off the event loop; the requests waiting for
   * this render go on once it is kept, or failed to be.
   */
  keep(page: () => Omit<StoredResponse, "tags">, ttlMs: number): Promise<void>;
}

export interface PageCache {
  /** The cache key of a request, or null when its page may not be shared. */
  keyOf(request: PageRequest): string | null;
  /**
   * The cached page to answer a request with, if any. An expired page is rendered anew by the first
   * request that finds it; until that render is kept, the others are sent the expired one (never
   * after a content change: that drops it).
   */
  cachedPage(request: PageRequest): CachedResponse | undefined;
  /**
   * When another request is rendering the page of this key: waits for that render, and answers the
   * page it kept, if it kept one. Undefined when no request is rendering it.
   */
  renderedByOther(key: string): Promise<CachedResponse | undefined> | undefined;
  /** Starts the render of a shareable page: the requests for it meanwhile wait for this one. */
  startRender(key: string): PageRender;
  /** Drops every kept page: content changed. */
  contentChanged(): void;
}

export function createPageCache(hooks: Pick<SiteHooks, "cacheVariant">): PageCache {
  const cache = createResponseCache({ maxEntries: 500, ttlMs: pageCacheMaxTtlMs, staleMs: pageCacheStaleMs });
  // pages being rendered for the cache, by key: a popular page is rendered by one request at a time
  const rendering = new Map<string, Promise<void>>();
  // the variant depends on a few request traits only: remember it per user agent and frame state
  const variants = new Map<string, string | null>();

  function variantOf(request: PageRequest): string | null {
    const url = request.url ?? "";
    const framed = url.includes("pc_frame");
    const userAgent = request.headers["user-agent"] ?? "";
    const dest = request.headers["sec-fetch-dest"] ?? "";
    const memo = `${framed}\n${dest}\n${userAgent}`;
    let variant = variants.get(memo);
    if (variant === undefined) {
      variant = hooks.cacheVariant({
        url: `http://site${url}`,
        headers: { get: (name) => request.headers[name.toLowerCase()]?.toString() ?? null },
      });
      if (variants.size >= 1000) variants.clear();
      variants.set(memo, variant);
    }
    return variant;
  }

  function keyOf(request: PageRequest): string | null {
    if (request.method !== "GET" || !anonymous(request)) return null;
    const variant = variantOf(request);
    return variant === null ? null : `${variant} ${request.url}`;
  }

  function cachedPage(request: PageRequest): CachedResponse | undefined {
    const key = keyOf(request);
    if (key === null) return undefined;
    const hit = cache.get(key, staleToo);
    return hit && (hit.expiresAt > Date.now() || rendering.has(key)) ? hit : undefined;
  }

  function renderedByOther(key: string): Promise<CachedResponse | undefined> | undefined {
    const pending = rendering.get(key);
    return pending?.then(() => cache.get(key));
  }

  function startRender(key: string): PageRender {
    // a change to content while this page renders may not be in it: it is then sent, not kept
    const generation = cache.generation;
    const unchanged = () => cache.generation === generation;
    let release = () => {};
    // set once the page is being compressed for the cache: its waiters go on when it is kept
    let storing = false;
    if (!rendering.has(key)) {
      const settled = new Promise<void>((resolve) => {
        release = () => {
          if (rendering.get(key) === settled) rendering.delete(key);
          resolve();
        };
      });
      rendering.set(key, settled);
    }
    return {
      release: () => release(),
      ended() {
        if (!storing) release();
      },
      async keep(page, ttlMs) {
        if (!unchanged()) return release();
        storing = true;
        try {
          await cache.store(key, { ...page(), tags: [contentTag] }, ttlMs, unchanged);
        } finally {
          release();
        }
      },
    };
  }

  return {
    keyOf,
    cachedPage,
    renderedByOther,
    startRender,
    contentChanged() {
      cache.invalidate(contentTag);
    },
  };
}
