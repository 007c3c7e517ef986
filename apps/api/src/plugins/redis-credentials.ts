import { randomUUID } from "node:crypto";
import type { Redis } from "ioredis";
import { type CredentialStore, type Fresh, inProcessCredentialStore } from "../lib/single-flight.ts";

const lockMs = 10_000;
const waitStepMs = 100;
const waitMaxMs = 5_000;
/** How long an instance uses its own copy before it reads the cluster's again. */
const localMs = 1000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * WeChat's credentials kept for the whole cluster (R-SCALE-1, the WeChat ticket lock): a fresh one
 * is read from Redis; otherwise one instance takes a lock (SET NX with an expiry), fetches from
 * WeChat and stores the result until its refresh time, while the others wait for it and read it.
 * So the cluster asks WeChat once per expiry, as WeChat's daily quotas want. Within the instance the
 * in-process store still runs one fetch for any number of requests; with Redis away it alone serves.
 */
export function redisCredentialStore(
  redis: Redis,
  local: CredentialStore = inProcessCredentialStore(),
): CredentialStore {
  const cacheKey = (key: string) => `davmu:wechat:${key}`;
  const ready = () => redis.status === "ready";

  async function readFresh(key: string): Promise<string | null> {
    const text = await redis.get(cacheKey(key));
    if (!text) return null;
    const fresh = JSON.parse(text) as Fresh;
    return Date.now() < fresh.refreshAt ? fresh.value : null;
  }

  async function fetchForCluster(key: string, fetch: () => Promise<Fresh>): Promise<Fresh> {
    const lock = `${cacheKey(key)}:lock`;
    const token = randomUUID();
    for (let waited = 0; ; waited += waitStepMs) {
      if (await redis.set(lock, token, "PX", lockMs, "NX")) {
        try {
          // the instance that held the lock before may have just stored a fresh one
          const stored = await readFresh(key);
          if (stored !== null) return { value: stored, refreshAt: Date.now() + localMs };
          const fresh = await fetch();
          const ttl = Math.max(1, fresh.refreshAt - Date.now());
          await redis.set(cacheKey(key), JSON.stringify(fresh), "PX", ttl);
          return fresh;
        } finally {
          // only our own lock: it may have expired and been taken by another instance
          if ((await redis.get(lock)) === token) await redis.del(lock);
        }
      }
      // another instance is fetching: its result shows up under the key
      const value = await readFresh(key);
      if (value !== null) return { value, refreshAt: Date.now() + localMs };
      if (waited >= waitMaxMs) return fetch();
      await sleep(waitStepMs);
    }
  }

  return {
    async get(key, fetch) {
      if (!ready()) return local.get(key, fetch);
      try {
        const value = await readFresh(key);
        if (value !== null) return value;
      } catch {
        return local.get(key, fetch);
      }
      // one fetch per instance (the local store), and one per cluster (the lock); the instance keeps
      // its copy a second at most, so a credential dropped anywhere is dropped here within a second
      return local.get(key, async () => {
        try {
          const fresh = await fetchForCluster(key, fetch);
          return { value: fresh.value, refreshAt: Math.min(fresh.refreshAt, Date.now() + localMs) };
        } catch (error) {
          if (ready()) throw error;
          return fetch();
        }
      });
    },
    async drop(key, value) {
      await local.drop(key, value);
      if (!ready()) return;
      try {
        const text = await redis.get(cacheKey(key));
        if (text && (JSON.parse(text) as Fresh).value === value) await redis.del(cacheKey(key));
      } catch {
        // Redis away: the local copy is gone, which is what this instance needs
      }
    },
  };
}
