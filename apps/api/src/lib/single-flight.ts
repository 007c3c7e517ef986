/**
 * Where the WeChat credentials (access token, jsapi_ticket) are kept and fetched (R-SHARE-2). The
 * signer asks for a credential by name; the store answers a cached one still fresh, else runs the
 * fetch once however many requests ask at the same time. This in-process store is the one every
 * deployment has; a cluster-wide store (a Redis lock and cache with REDIS_URL, so the whole cluster
 * fetches once per expiry) implements the same interface and slots in where the module makes it.
 */
export interface CredentialStore {
  /**
   * The credential under `key`: the cached value while `now < refreshAt`, else the result of
   * `fetch`, run once for every concurrent caller and cached until the refresh time it returns.
   */
  get(key: string, fetch: () => Promise<Fresh>): Promise<string>;
  /** Forgets a credential WeChat refused (expired or revoked early), so the next `get` fetches. */
  drop(key: string, value: string): Promise<void>;
}

/** A newly fetched credential and when to fetch again (before it expires). */
export interface Fresh {
  value: string;
  /** epoch ms at which a new one is fetched */
  refreshAt: number;
}

/** After a failed fetch, callers fail fast for this long instead of asking WeChat again at once. */
export const failureBackoffMs = 2000;

/** The in-process store: a map of fresh values and of fetches under way (single-flight). */
export function inProcessCredentialStore(now: () => number = Date.now): CredentialStore {
  const cached = new Map<string, Fresh>();
  const inFlight = new Map<string, Promise<string>>();
  const failed = new Map<string, { until: number; error: unknown }>();
  return {
    get(key, fetch) {
      const hit = cached.get(key);
      if (hit && now() < hit.refreshAt) return Promise.resolve(hit.value);
      const running = inFlight.get(key);
      if (running) return running;
      const recent = failed.get(key);
      if (recent && now() < recent.until) return Promise.reject(recent.error);
      const started = (async () => {
        try {
          const fresh = await fetch();
          cached.set(key, fresh);
          failed.delete(key);
          return fresh.value;
        } catch (error) {
          failed.set(key, { until: now() + failureBackoffMs, error });
          throw error;
        } finally {
          inFlight.delete(key);
        }
      })();
      inFlight.set(key, started);
      return started;
    },
    async drop(key, value) {
      if (cached.get(key)?.value === value) cached.delete(key);
    },
  };
}
