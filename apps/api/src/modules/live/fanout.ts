import { randomUUID } from "node:crypto";
import type { ChatMessage } from "@davmu/contracts/live";
import type { FastifyInstance } from "fastify";

/** What one instance tells the others about a room. */
export type LiveEvent =
  | { t: "chat"; room: string; message: ChatMessage }
  | { t: "likes"; room: string; total: number; delta: number }
  | { t: "status"; room: string; status: number; startTime: number };

/** How live events and viewer counts reach the other instances (R-LIVE-2). */
export interface LiveFanout {
  /** Sends an event to the other instances (never back to this one). */
  publish(event: LiveEvent): void;
  listen(receive: (event: LiveEvent) => void): void;
  /** Records this instance's viewers per room; answers the other instances' viewers of those rooms. */
  onlineElsewhere(local: Map<string, number>): Promise<Map<string, number>>;
  /** The other instances' viewers of one room, read only. */
  onlineOf(room: string): Promise<number>;
  close(): void;
}

/** One instance alone (no REDIS_URL): nothing to tell anyone. */
export function inProcessFanout(): LiveFanout {
  return {
    publish() {},
    listen() {},
    onlineElsewhere: async () => new Map(),
    onlineOf: async () => 0,
    close() {},
  };
}

const channel = "davmu:live";
const instancesKey = "davmu:live:instances";
const countsKey = (instance: string) => `davmu:live:online:${instance}`;
/** An instance that has not reported for this long is no longer counted. */
const instanceTtlMs = 5000;

function isEvent(value: unknown): value is LiveEvent {
  if (!value || typeof value !== "object") return false;
  const event = value as { t?: unknown; room?: unknown };
  return typeof event.room === "string" && (event.t === "chat" || event.t === "likes" || event.t === "status");
}

/**
 * Fan-out through Redis (REDIS_URL): events on one publish/subscribe channel, each carrying its
 * instance's id so the instance ignores its own; viewer counts in one hash per instance (room →
 * count) that expires unless refreshed every tick, with a sorted set of instances by last report.
 * Redis away: publishing and counting fail fast, this instance serves its own viewers alone, and
 * everything resumes once Redis is back (the subscriber resubscribes on reconnection; what was
 * missed meanwhile comes from the database at the hub's next tick).
 */
export function redisFanout(app: FastifyInstance): LiveFanout {
  const instance = randomUUID();
  const redis = app.redis;
  const subscriber = app.redisSubscriber;
  const listeners: ((event: LiveEvent) => void)[] = [];
  let closed = false;

  const onMessage = (from: string, text: string) => {
    if (from !== channel || closed) return;
    try {
      const notice = JSON.parse(text) as { from?: string; event?: unknown };
      if (notice.from === instance || !isEvent(notice.event)) return;
      for (const listener of listeners) listener(notice.event);
    } catch {
      // not one of ours
    }
  };
  subscriber.on("message", onMessage);
  const subscribe = () => {
    subscriber.subscribe(channel).catch((error: unknown) => {
      app.log.warn({ err: error, channel }, "live fan-out not subscribed yet; subscribed when Redis is back");
    });
  };
  subscriber.on("ready", subscribe);
  if (subscriber.status === "ready") subscribe();

  async function others(): Promise<string[]> {
    const now = Date.now();
    const alive = await redis.zrangebyscore(instancesKey, now - instanceTtlMs, "+inf");
    return alive.filter((id) => id !== instance);
  }

  return {
    publish(event) {
      if (redis.status !== "ready" || closed) return;
      redis.publish(channel, JSON.stringify({ from: instance, event })).catch((error: unknown) => {
        app.log.warn({ err: error }, "live event not shared");
      });
    },
    listen(receive) {
      listeners.push(receive);
    },
    async onlineElsewhere(local) {
      const totals = new Map<string, number>();
      if (redis.status !== "ready" || closed) return totals;
      const now = Date.now();
      const counts = [...local].filter(([, count]) => count > 0).flat();
      const write = redis.multi().del(countsKey(instance));
      if (counts.length > 0) write.hset(countsKey(instance), ...counts.map(String));
      await write
        .pexpire(countsKey(instance), instanceTtlMs)
        .zadd(instancesKey, now, instance)
        .zremrangebyscore(instancesKey, "-inf", now - 60_000)
        .exec();
      const rooms = [...local.keys()];
      if (rooms.length === 0) return totals;
      const peers = await others();
      if (peers.length === 0) return totals;
      const read = redis.pipeline();
      for (const peer of peers) read.hmget(countsKey(peer), ...rooms);
      for (const [error, values] of (await read.exec()) ?? []) {
        if (error || !Array.isArray(values)) continue;
        values.forEach((value, index) => {
          const room = rooms[index] as string;
          totals.set(room, (totals.get(room) ?? 0) + (Number(value) || 0));
        });
      }
      return totals;
    },
    async onlineOf(room) {
      if (redis.status !== "ready" || closed) return 0;
      const peers = await others();
      const values = await Promise.all(peers.map((peer) => redis.hget(countsKey(peer), room)));
      return values.reduce((sum, value) => sum + (Number(value) || 0), 0);
    },
    close() {
      closed = true;
      subscriber.off("message", onMessage);
      subscriber.off("ready", subscribe);
      if (redis.status === "ready") {
        redis
          .multi()
          .del(countsKey(instance))
          .zrem(instancesKey, instance)
          .exec()
          .catch(() => {});
      }
    },
  };
}
