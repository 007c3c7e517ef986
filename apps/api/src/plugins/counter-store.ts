import type { FastifyBaseLogger } from "fastify";
import { type EndingOrder, endingOrder } from "../lib/ending-order.ts";

/** What the counters need of a Redis client (ioredis). */
export interface RedisCounterClient {
  /** ioredis: "ready" while connected; commands sent otherwise are queued or refused. */
  readonly status: string;
  eval(script: string, keys: number, ...args: (string | number)[]): Promise<unknown>;
}

interface Count {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: Count) => void;

// one window per key: the first hit sets its expiry, later ones count within it
const incrScript = `
local current = redis.call('INCR', KEYS[1])
if current == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {current, ttl}`;

const localLimit = 20_000;

/**
 * Fixed-window counters in this process, at most `limit` keys (past it the oldest window goes first).
 * The ended windows of each length are dropped in the order they started (lib/ending-order.ts): a
 * count costs the same with a few keys or the limit's worth, and the queues hold at most about twice
 * the limit. (Sweeping every window whenever a new key found the map full cost each new key time
 * growing with the keys held.)
 */
export function createLocalCounters(limit = localLimit) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const ending = new Map<number, EndingOrder>();
  // the key's window may have started again since: only the one that ended goes
  const held = (key: string, resetAt: number) => windows.get(key)?.resetAt === resetAt;
  const end = (key: string, resetAt: number) => {
    if (held(key, resetAt)) windows.delete(key);
  };
  const expire = (now: number) => {
    for (const queue of ending.values()) {
      queue.expire(now, end);
      // keys put out by the size limit leave entries behind until their window would have ended:
      // past twice the limit, only the entries of windows still held are kept
      if (queue.size() > 2 * limit) queue.prune(held);
    }
  };
  return {
    incr(key: string, windowMs: number, now = Date.now()): Count {
      expire(now);
      let entry = windows.get(key);
      if (!entry || entry.resetAt <= now) {
        windows.delete(key);
        if (windows.size >= limit) windows.delete(windows.keys().next().value as string);
        entry = { count: 0, resetAt: now + windowMs };
        windows.set(key, entry);
        let queue = ending.get(windowMs);
        if (!queue) {
          queue = endingOrder();
          ending.set(windowMs, queue);
        }
        queue.add(key, entry.resetAt);
      }
      entry.count += 1;
      return { current: entry.count, ttl: entry.resetAt - now };
    },
    read(key: string, now = Date.now()): Count {
      const entry = windows.get(key);
      return entry && entry.resetAt > now ? { current: entry.count, ttl: entry.resetAt - now } : { current: 0, ttl: 0 };
    },
    /** Keys with a window held. */
    size: () => windows.size,
    /** Entries the queues hold (for tests: bounded by about twice the limit). */
    queued: () => {
      let n = 0;
      for (const queue of ending.values()) n += queue.size();
      return n;
    },
  };
}

/**
 * A store for @fastify/rate-limit (R-SCALE-1, R-REL-1): counters in Redis, shared by every instance,
 * while Redis answers; in this process when there is no Redis, while it is away or when a call to it
 * fails, so a lost Redis never fails a request and limits still hold per instance. Back to Redis as
 * soon as it is ready again (its counters start afresh: a window may briefly allow up to twice).
 */
export function counterStore(redis: RedisCounterClient | null, log: FastifyBaseLogger) {
  const local = createLocalCounters();
  let degraded = false;
  const fallBack = (error: unknown) => {
    if (!degraded) log.warn({ err: error }, "Redis unavailable: rate limits counted in this process");
    degraded = true;
  };

  return class CounterStore {
    readonly prefix: string;
    constructor(options: { routeInfo?: { method?: string; url?: string } } = {}) {
      const route = options.routeInfo?.url ? `${options.routeInfo.method}${options.routeInfo.url}:` : "";
      this.prefix = `davmu:rl:${route}`;
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const name = this.prefix + key;
      if (redis?.status !== "ready") {
        if (redis) fallBack(new Error(`Redis ${redis.status}`));
        callback(null, local.incr(name, timeWindow));
        return;
      }
      redis.eval(incrScript, 1, name, timeWindow).then(
        (result) => {
          if (degraded) log.info("Redis back: rate limits shared again");
          degraded = false;
          const [current, ttl] = result as [number, number];
          callback(null, { current: Number(current), ttl: Number(ttl) });
        },
        (error: unknown) => {
          fallBack(error);
          callback(null, local.incr(name, timeWindow));
        },
      );
    }

    read(key: string, callback: Callback): void {
      callback(null, local.read(this.prefix + key));
    }

    child(options: { routeInfo?: { method?: string; url?: string } }) {
      return new CounterStore(options);
    }
  };
}
