import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Redis } from "ioredis";
import { type ChangeFeed, type ChangeTransport, createChangeFeed } from "../lib/change-feed.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** The shared Redis (REDIS_URL): rate-limit counters, change notices; absent without REDIS_URL. */
    redis: Redis;
  }
}

/** Client options for a Redis that may go away: commands fail fast instead of queueing, reconnects forever. */
const clientOptions = {
  lazyConnect: true,
  enableOfflineQueue: false,
  maxRetriesPerRequest: 0,
  connectTimeout: 1000,
  commandTimeout: 500,
  retryStrategy: (times: number) => Math.min(100 * times, 1000),
};

/**
 * Redis when REDIS_URL is set (R-SCALE-1): one client for commands, one subscribed to the change
 * channels. The process starts even while Redis is down (rate limits are then counted here, and
 * changes reach only this instance's caches), and both clients reconnect on their own (R-REL-1).
 */
export const redisPlugin = fp(
  async (app: FastifyInstance) => {
    const url = app.config.ops.redisUrl;
    if (!url) return;
    const client = new Redis(url, { ...clientOptions, connectionName: "davmu" });
    const subscriber = new Redis(url, { ...clientOptions, connectionName: "davmu-sub", commandTimeout: undefined });
    let down = false;
    for (const [name, redis] of [
      ["commands", client],
      ["subscriber", subscriber],
    ] as const) {
      redis.on("error", (error: Error) => {
        if (!down) app.log.warn({ err: error, client: name }, "Redis unavailable; continuing without it");
        down = true;
      });
      redis.on("ready", () => {
        if (down) app.log.info({ client: name }, "Redis back");
        down = false;
      });
    }
    await Promise.allSettled([client.connect(), subscriber.connect()]);
    app.decorate("redis", client);
    app.decorate("redisSubscriber", subscriber);
    app.addHook("onClose", async () => {
      client.disconnect();
      subscriber.disconnect();
    });
  },
  { name: "redis", dependencies: ["settings"] },
);

declare module "fastify" {
  interface FastifyInstance {
    redisSubscriber: Redis;
  }
}

/**
 * A change feed's transport over Redis publish/subscribe, on one channel per feed: notices carry
 * the sending instance, which ignores its own. While Redis is away notices are dropped (the caches
 * they would drop expire within seconds anyway); the subscriber resubscribes when it comes back.
 */
export function redisTransport(app: FastifyInstance, channel: string): ChangeTransport<number> {
  // this transport's own notices come back to it: they are told apart by its id
  const instance = randomUUID();
  return {
    send(value) {
      if (app.redis.status !== "ready") return;
      app.redis.publish(channel, JSON.stringify({ from: instance, value })).catch((error: unknown) => {
        app.log.warn({ err: error, channel }, "change notice not shared");
      });
    },
    listen(receive) {
      app.redisSubscriber.on("message", (from: string, text: string) => {
        if (from !== channel) return;
        try {
          const notice = JSON.parse(text) as { from?: string; value?: unknown };
          if (notice.from !== instance && typeof notice.value === "number") receive(notice.value);
        } catch {
          // not a notice of ours
        }
      });
      // subscribed at every (re)connection: a Redis down at start is subscribed to once it is up
      const subscribe = () => {
        app.redisSubscriber.subscribe(channel).catch((error: unknown) => {
          app.log.warn({ err: error, channel }, "not subscribed yet; subscribed when Redis is back");
        });
      };
      app.redisSubscriber.on("ready", subscribe);
      if (app.redisSubscriber.status === "ready") subscribe();
    },
  };
}

const contentChannel = "davmu:content-changed";

/**
 * Shares the content change feed (cached pages and answers, on every instance: R-SCALE-1) and
 * session revocations (R-SEC-TOKEN) through Redis. Registered after the repositories.
 */
export const sharedChangesPlugin = fp(
  async (app: FastifyInstance) => {
    if (!app.hasDecorator("redis")) return;
    const feeds: [ChangeFeed<number> | undefined, string][] = [
      [app.hasDecorator("contentChanges") ? app.contentChanges : undefined, contentChannel],
      [app.hasDecorator("sessions") ? app.sessions.revocations : undefined, "davmu:session-revoked"],
    ];
    for (const [feed, channel] of feeds) if (feed) feed.bridge(redisTransport(app, channel));
  },
  { name: "shared-changes" },
);

/**
 * The content changes a site-only process (SERVE_API=false) hears: none of its own, but with Redis
 * those the API's instances publish, so its page cache drops changed pages too (R-SCALE-1). Without
 * Redis there is nothing to hear (undefined).
 */
export function remoteContentChanges(app: FastifyInstance): ChangeFeed<number> | undefined {
  if (!app.hasDecorator("redis")) return undefined;
  const feed = createChangeFeed<number>();
  feed.bridge(redisTransport(app, contentChannel));
  return feed;
}
