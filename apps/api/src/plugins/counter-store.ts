import type { FastifyBaseLogger } from "fastify";

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
 * Windows of each length are kept in the order they started, so the ended ones are dropped from the
 * front as time passes (the clock is taken not to go back; if it does, windows end late, never
 * early): a count costs the same with a few keys or the limit's worth, and the queues hold at most
 * about twice the limit. (Sweeping every
 * window whenever a new key found the map full cost each new key time growing with the keys held.)
 */
export function createLocalCounters(limit = localLimit) {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const started = new Map<number, { keys: Array<{ key: string; resetAt: number }>; head: number }>();
  const expire = (now: number) => {
    for (const queue of started.values()) {
      while (queue.head < queue.keys.length) {
        const first = queue.keys[queue.head] as { key: string; resetAt: number };
        if (first.resetAt > now) break;
        // the key's window may have started again since: only this one ends here
        if (windows.get(first.key)?.resetAt === first.resetAt) windows.delete(first.key);
        queue.head += 1;
      }
      if (queue.head > 4096 && queue.head * 2 > queue.keys.length) {
        queue.keys = queue.keys.slice(queue.head);
        queue.head = 0;
      }
      // keys put out by the size limit leave entries behind until their window would have ended:
      // past twice the limit, only the entries of windows still held are kept
      if (queue.keys.length - queue.head > 2 * limit) {
        queue.keys = queue.keys.slice(queue.head).filter((e) => windows.get(e.key)?.resetAt === e.resetAt);
        queue.head = 0;
      }
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
        let queue = started.get(windowMs);
        if (!queue) {
          queue = { keys: [], head: 0 };
          started.set(windowMs, queue);
        }
        queue.keys.push({ key, resetAt: entry.resetAt });
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
      for (const queue of started.values()) n += queue.keys.length - queue.head;
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
