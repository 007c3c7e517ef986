import type { FastifyBaseLogger } from "fastify";
import type { RedisCounterClient } from "../../plugins/counter-store.ts";
import { deviceLimiter } from "./events.ts";

const windowMs = 60_000;

/**
 * Refused when any device of the batch has used its events this minute; otherwise each device's
 * events are added. Keys of devices seen first in this window expire with it.
 */
const takeScript = `
local limit = tonumber(ARGV[1])
for i, key in ipairs(KEYS) do
  local current = tonumber(redis.call('GET', key) or '0')
  if current >= limit then return 0 end
end
for i, key in ipairs(KEYS) do
  redis.call('INCRBY', key, ARGV[i + 2])
  if redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[2]) end
end
return 1`;

/**
 * The per-device limit of the tracking beacon (TRACKING_PER_DEVICE_PER_MINUTE, R-TRACK-5), in a
 * fixed one-minute window per device. With Redis (REDIS_URL) the counters are shared by every
 * instance, like the other limits (plugins/counter-store.ts); without it, while it is away or when a
 * call fails, they are counted in this process, so a lost Redis never fails a beacon.
 */
export function trackingLimiter(
  perMinute: number,
  redis: RedisCounterClient | null,
  log: FastifyBaseLogger,
  now: () => number = Date.now,
) {
  const local = deviceLimiter(perMinute, now);
  let degraded = false;
  const fallBack = (error: unknown) => {
    if (!degraded) log.warn({ err: error }, "Redis unavailable: tracking limits counted in this process");
    degraded = true;
  };
  return {
    /** Whether each device may send `count` more events; when all may, they are counted. */
    take(counts: ReadonlyMap<string, number>): boolean | Promise<boolean> {
      if (!redis) return local.take(counts);
      if (redis.status !== "ready") {
        fallBack(new Error(`Redis ${redis.status}`));
        return local.take(counts);
      }
      const keys = [...counts.keys()].map((device) => `davmu:track:device:${device}`);
      return redis.eval(takeScript, keys.length, ...keys, perMinute, windowMs, ...counts.values()).then(
        (allowed) => {
          if (degraded) log.info("Redis back: tracking limits shared again");
          degraded = false;
          return Number(allowed) === 1;
        },
        (error: unknown) => {
          fallBack(error);
          return local.take(counts);
        },
      );
    },
  };
}
