import type { TrackingConfig } from "@davmu/config/api";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { TrackLogResult } from "@davmu/contracts/tracking";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { createWriteBuffer } from "./buffer.ts";
import { checkBatch, deviceLimiter, recentIds } from "./events.ts";
import { hoursReceivedSince, removeExpiredEvents, rollUpHour } from "./rollup.ts";
import { hourMs, type TrackingEventsTable, trackingDb } from "./tables.ts";

/** What taking a batch came to: the answer, or the device is over its limit, or the buffer is full. */
export type TakeOutcome = { kind: "taken"; result: TrackLogResult } | { kind: "limited" } | { kind: "busy" };

/** Public ids decoded lately: a beacon names the same few items again and again. */
function cachedDecode(codec: PublicIdCodec): PublicIdCodec {
  const known = new Map<string, number | null>();
  return {
    encode: (id) => codec.encode(id),
    decode(publicId) {
      let id = known.get(publicId);
      if (id === undefined) {
        id = codec.decode(publicId);
        if (known.size >= 20_000) known.clear();
        known.set(publicId, id);
      }
      return id;
    },
  };
}

/** How often the roll-ups of hours with new events are counted again, and old events removed. */
const rollUpEveryMs = 60_000;
const retentionEveryMs = hourMs;

/**
 * The tracking repository (R-TRACK-5): takes checked events into the write buffer, drops those it
 * has seen, keeps each device under its limit, counts the hourly roll-ups of hours with new events,
 * and removes raw events past their retention. `close` writes what the buffer holds.
 */
export function createTracking(
  database: Kysely<Database>,
  options: {
    config: TrackingConfig;
    codec: PublicIdCodec;
    dialect: "sqlite" | "postgres";
    /** the SQLite file, whose tracking writes then go to a thread of their own */
    sqlitePath?: string;
    log: FastifyBaseLogger;
    now?: () => number;
  },
) {
  const db = trackingDb(database);
  const { config, log } = options;
  const codec = cachedDecode(options.codec);
  const now = options.now ?? Date.now;
  const seen = recentIds(200_000);
  const limiter = deviceLimiter(config.perDevicePerMinute, now);
  const dirtyHours = new Set<number>();
  const buffer = createWriteBuffer(db, options.dialect, {
    sqlitePath: options.sqlitePath,
    size: config.bufferSize,
    flushMs: config.flushMs,
    maxPending: Math.max(config.bufferSize * 20, 50_000),
    onStored: (hours) => {
      for (const hour of hours) dirtyHours.add(hour);
    },
    onError: (error, rows) =>
      log.error({ err: error, rows }, "tracking events not written yet; kept for the next write"),
  });
  let rollingUp: Promise<number> | null = null;
  // after a restart, the hours of events received in the last day are recounted once (a process
  // that stopped between a write and its roll-up left them behind); later, the writes say which
  let recountRecent = true;

  async function rollUpNow(): Promise<number> {
    if (recountRecent) {
      for (const hour of await hoursReceivedSince(db, now() - 24 * hourMs)) dirtyHours.add(hour);
      recountRecent = false;
    }
    const hours = [...dirtyHours].sort((a, b) => a - b);
    dirtyHours.clear();
    let rows = 0;
    try {
      for (const hour of hours) rows += await rollUpHour(db, hour);
    } catch (error) {
      for (const hour of hours) dirtyHours.add(hour);
      throw error;
    }
    return rows;
  }

  const timers: NodeJS.Timeout[] = [];

  return {
    /** Takes a batch (already an array): answers what became of each event. */
    take(values: readonly unknown[], fromBot: boolean): TakeOutcome {
      if (fromBot)
        return { kind: "taken", result: { accepted: 0, duplicates: 0, ignored: values.length, rejected: [] } };
      if (!buffer.accepting()) return { kind: "busy" };
      const checked = checkBatch(values, { codec, now: now(), retentionMs: config.retentionDays * 24 * hourMs });
      const counts = new Map<string, number>();
      for (const event of checked.events) counts.set(event.device, (counts.get(event.device) ?? 0) + 1);
      if (counts.size > 0 && !limiter.take(counts)) return { kind: "limited" };
      let duplicates = 0;
      let offset = 0;
      const rows: TrackingEventsTable[] = [];
      for (const event of checked.events) {
        const eventRows = checked.rows.slice(offset, offset + event.rows);
        offset += event.rows;
        if (seen.has(event.eventId)) {
          duplicates += 1;
          continue;
        }
        seen.add(event.eventId);
        rows.push(...eventRows);
      }
      buffer.add(rows);
      return {
        kind: "taken",
        result: {
          accepted: checked.events.length - duplicates,
          duplicates,
          ignored: 0,
          rejected: checked.rejected,
        },
      };
    },
    /** Writes what the buffer holds now. */
    flush: () => buffer.flush(),
    /** Writes the buffer, then counts the roll-ups of every hour with new events (the stats page calls it first). */
    async rollUp(): Promise<number> {
      await buffer.flush();
      while (rollingUp) await rollingUp.catch(() => 0);
      rollingUp = rollUpNow();
      try {
        return await rollingUp;
      } finally {
        rollingUp = null;
      }
    },
    removeExpired: () => removeExpiredEvents(db, now(), config.retentionDays),
    stats: () => ({ pending: buffer.pendingRows(), stored: buffer.storedRows() }),
    start() {
      const rollUp = setInterval(() => {
        void this.rollUp().catch((error) => log.error({ err: error }, "tracking roll-up failed"));
      }, rollUpEveryMs);
      const expire = setInterval(() => {
        void this.removeExpired().catch((error) => log.error({ err: error }, "removing old tracking events failed"));
      }, retentionEveryMs);
      rollUp.unref();
      expire.unref();
      timers.push(rollUp, expire);
    },
    /** On shutdown: every event taken is written (then the roll-ups are brought up to date). */
    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await buffer.close();
      await this.rollUp().catch((error) => log.warn({ err: error }, "tracking roll-up at shutdown failed"));
    },
  };
}
export type Tracking = ReturnType<typeof createTracking>;

declare module "fastify" {
  interface FastifyInstance {
    /** Tracking events: the beacon's write buffer, roll-ups and retention (modules/tracking). */
    tracking: Tracking;
  }
}

/**
 * The tracking repository, one per app. Its buffer is written when the server closes: Fastify runs
 * `onClose` hooks after the last request is answered and in the reverse order of registration, so
 * before the database plugin's hook closes the pool.
 */
export const trackingPlugin = fp(
  async (app: FastifyInstance) => {
    const tracking = createTracking(app.database.db, {
      config: app.config.tracking,
      codec: app.publicIds,
      dialect: app.database.dialect,
      sqlitePath: app.config.database.dialect === "sqlite" ? app.config.database.path : undefined,
      log: app.log,
    });
    app.decorate("tracking", tracking);
    app.addHook("onReady", async () => {
      tracking.start();
      void tracking
        .removeExpired()
        .catch((error) => app.log.error({ err: error }, "removing old tracking events failed"));
    });
    app.addHook("onClose", async () => {
      await tracking.close();
    });
  },
  { name: "tracking", dependencies: ["db", "settings"] },
);
