import { unavailableStates } from "@davmu/contracts/content";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { inProcessFanout, redisFanout } from "./fanout.ts";
import { createHub, type LiveHub } from "./hub.ts";
import { presentMessage } from "./present.ts";
import { createLiveRepository, type LiveRepository } from "./repository.ts";
import { createLiveSocketServer } from "./socket.ts";

declare module "fastify" {
  interface FastifyInstance {
    live: LiveRepository;
    /** This instance's live rooms: subscriptions, recent chat, broadcasts (R-LIVE-1, R-LIVE-2). */
    liveHub: LiveHub;
  }
}

/**
 * Live rooms (decision 031): the repository, the hub, its fan-out (Redis when REDIS_URL is set,
 * else this process alone) and the WebSocket at /peony/v3/live/ws on the app's own server. On close
 * (SIGTERM) every socket is closed with 1001 first, so clients reconnect elsewhere and resume.
 */
export const livePlugin = fp(
  async (app: FastifyInstance) => {
    const live = createLiveRepository(app.database.db);
    const encode = (id: number) => app.publicIds.encode(id);
    const hub = createHub(
      {
        async room(liveId) {
          const contentId = app.publicIds.decode(liveId);
          if (contentId === null) return null;
          const item = await app.contents.findById(contentId);
          if (!item || unavailableStates.includes(item.state)) return null;
          const row = await live.findRoom(contentId);
          return row ? { contentId, row } : null;
        },
        after: async (contentId, since, limit) =>
          (await live.after(contentId, since, limit)).map((row) => presentMessage(row, encode)),
        latest: async (contentId, limit) =>
          (await live.latest(contentId, limit)).map((row) => presentMessage(row, encode)),
        rows: (contentIds) => live.rows(contentIds),
        startDue: (contentIds) => live.startDue(contentIds),
      },
      app.hasDecorator("redis") ? redisFanout(app) : inProcessFanout(),
      { historySize: app.config.live.historySize },
    );
    const sockets = createLiveSocketServer({
      hub,
      findSession: (token) => app.sessions.findActive(token),
      log: app.log,
      publicOrigin: app.config.publicOrigin,
    });
    app.decorate("live", live);
    app.decorate("liveHub", hub);
    app.metrics.setSource("websocketConnections", () => sockets.connections());

    app.server.on("upgrade", (request, socket, head) => {
      if (!sockets.handleUpgrade(request, socket, head) && app.server.listenerCount("upgrade") === 1) socket.destroy();
    });
    // like requests are kept a day for their msg_id, then removed with the other short-lived rows
    const purge = setInterval(() => {
      live.purgeLikeRequests(Date.now() - 24 * 60 * 60 * 1000).catch((error: unknown) => {
        app.log.warn({ err: error }, "old like requests not purged");
      });
    }, app.config.ops.housekeepingIntervalMs);
    purge.unref();
    app.addHook("preClose", async () => {
      clearInterval(purge);
      await sockets.close();
      hub.close();
    });
  },
  { name: "live", dependencies: ["db", "contents", "auth", "metrics", "settings"] },
);
