import type { TrackingConfig } from "@davmu/config/api";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { TrackLogResult } from "@davmu/contracts/tracking";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { RedisCounterClient } from "../../plugins/counter-store.ts";
import { createWriteBuffer, type WriteTarget } from "./buffer.ts";
import { checkBatch, recentIds } from "./events.ts";
import { createJournal, journalFolder } from "./journal.ts";
import { trackingLimiter } from "./limiter.ts";
import { removeExpiredEvents } from "./rollup.ts";
import { hourMs, trackingDb } from "./tables.ts";

/** What taking a batch came to: the answer, or a device is over its limit, or the buffer is full. */
export type TakeOutcome =
  | { kind: "taken"; result: TrackLogResult }
  | { kind: "limited" }
  | { kind: "busy" }
  /** nothing taken can be stored now: the writer stopped or its writes fail */
  | { kind: "unavailable" };

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

/** How often raw events past their retention are removed. */
const retentionEveryMs = hourMs;

/**
 * The tracking repository (R-TRACK-5, decision 038). Taking a batch only checks it, drops events
 * seen lately (the unique key stores each once in the end), keeps each device under its limit (shared
 * through Redis when there is one) and hands the batch to the write buffer, which stores and counts
 * it into the hourly roll-ups off the request path. Raw events are removed past their retention.
 * `close` writes what the buffer holds.
 */
export function createTracking(
  database: Kysely<Database>,
  options: {
    config: TrackingConfig;
    codec: PublicIdCodec;
    dialect: "sqlite" | "postgres";
    /** a database the writer thread opens on its own connection; without it, writes use `database` */
    target?: WriteTarget;
    redis?: RedisCounterClient | null;
    /** where acknowledged batches are kept until stored (journal.ts); none keeps them only in memory */
    journalFolder?: string | null;
    log: FastifyBaseLogger;
    now?: () => number;
  },
) {
  const db = trackingDb(database);
  const { config, log } = options;
  const codec = cachedDecode(options.codec);
  const now = options.now ?? Date.now;
  const seen = recentIds(400_000);
  const limiter = trackingLimiter(config.perDevicePerMinute, options.redis ?? null, log, now);
  const buffer = createWriteBuffer(db, options.dialect, options.target ?? null, {
    size: config.bufferSize,
    flushMs: config.flushMs,
    maxPending: Math.max(config.bufferSize * 20, 100_000),
    onError: (error, rows) =>
      log.error({ err: error, rows }, "tracking events not written yet; kept for the next write"),
    journal: options.journalFolder ? createJournal(options.journalFolder, now) : null,
    log: (message, error) => (error ? log.error({ err: error }, message) : log.warn(message)),
  });
  const timers: NodeJS.Timeout[] = [];

  /** Drops the events seen lately and hands the others to the buffer. */
  function keep(
    checked: ReturnType<typeof checkBatch>,
    text: string,
    receivedAt: number,
    rejected: TrackLogResult["rejected"],
    body: Buffer | undefined,
  ): TakeOutcome {
    let duplicates = 0;
    const picks: number[] = [];
    const ids = new Set<string>();
    for (const event of checked.events) {
      if (seen.has(event.eventId) || ids.has(event.eventId)) {
        duplicates += 1;
        continue;
      }
      ids.add(event.eventId);
      picks.push(event.index, event.contentIds.length, ...event.contentIds);
    }
    try {
      buffer.add({ text, picks, receivedAt }, body);
    } catch (error) {
      // the journal could not keep it (the disk full): nothing is acknowledged, the page sends it again
      log.error({ err: error }, "tracking batch not kept");
      return { kind: "unavailable" };
    }
    // seen once kept: a batch refused here is not taken for a duplicate when it comes again
    for (const id of ids) seen.add(id);
    const accepted = checked.events.length - duplicates;
    return { kind: "taken", result: { accepted, duplicates, ignored: 0, rejected } };
  }

  return {
    /**
     * Takes a batch (already an array; `text` is the JSON it was read from, kept until it is written,
     * and `body` the bytes of that text where the caller has them, for the journal):
     * answers what became of each event, at once or once a shared limit has answered.
     */
    take(
      values: readonly unknown[],
      fromBot: boolean,
      text?: string,
      body?: Buffer,
    ): TakeOutcome | Promise<TakeOutcome> {
      if (fromBot)
        return { kind: "taken", result: { accepted: 0, duplicates: 0, ignored: values.length, rejected: [] } };
      if (!buffer.storing()) return { kind: "unavailable" };
      if (!buffer.accepting()) return { kind: "busy" };
      const receivedAt = now();
      const checked = checkBatch(values, { codec, now: receivedAt, retentionMs: config.retentionDays * 24 * hourMs });
      const json = text ?? JSON.stringify(values);
      if (checked.events.length === 0) return keep(checked, json, receivedAt, checked.rejected, body);
      const counts = new Map<string, number>();
      for (const event of checked.events) counts.set(event.device, (counts.get(event.device) ?? 0) + 1);
      const allowed = limiter.take(counts);
      if (allowed === true) return keep(checked, json, receivedAt, checked.rejected, body);
      if (allowed === false) return { kind: "limited" };
      return allowed.then((ok) => (ok ? keep(checked, json, receivedAt, checked.rejected, body) : { kind: "limited" }));
    },
    /** Writes what the buffer holds now. */
    flush: () => buffer.flush(),
    /**
     * Brings the roll-ups up to date: each write of the buffer counts what it stores, so writing
     * what waits is enough (the stats page calls it first). Answers the rows still waiting (0).
     */
    async rollUp(): Promise<number> {
      await buffer.flush();
      return buffer.pendingRows();
    },
    removeExpired: () => removeExpiredEvents(db, now(), config.retentionDays),
    stats: () => ({ pending: buffer.pendingRows(), stored: buffer.storedRows() }),
    /** Whether what the beacon takes is stored now (the instance is ready only then, R-REL-4). */
    storing: () => buffer.storing(),
    /** the writer thread now, if writes go to one */
    writerThread: () => buffer.writerThread(),
    /** Resolves once what is taken can be stored (the writer thread up), or after `timeoutMs`. */
    whenStoring: (timeoutMs: number) => buffer.whenStoring(timeoutMs),
    start() {
      const expire = setInterval(() => {
        void this.removeExpired().catch((error) => log.error({ err: error }, "removing old tracking events failed"));
      }, retentionEveryMs);
      expire.unref();
      timers.push(expire);
    },
    /** On shutdown: every event taken is written and counted. */
    async close(): Promise<void> {
      for (const timer of timers) clearInterval(timer);
      await buffer.close();
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

/** What names a database for its journal's folder: its file, or its server and name (no password). */
function databaseIdentity(target: NonNullable<WriteTarget>): string {
  if (target.dialect === "sqlite") return `sqlite:${target.path}`;
  const url = new URL(target.url);
  return `postgres://${url.host}${url.pathname}`;
}

/**
 * The tracking repository, one per app. Its buffer is written when the server closes: Fastify runs
 * `onClose` hooks after the last request is answered and in the reverse order of registration, so
 * before the database plugin's hook closes the pool. An in-memory SQLite database has one
 * connection, so its writes go through it; any other database gets a writer thread of its own.
 */
export const trackingPlugin = fp(
  async (app: FastifyInstance) => {
    const database = app.config.database;
    const target: WriteTarget =
      database.dialect === "postgres"
        ? { dialect: "postgres", url: database.url }
        : database.path !== ":memory:"
          ? { dialect: "sqlite", path: database.path }
          : null;
    const journalRoot = app.config.tracking.journalDir;
    const tracking = createTracking(app.database.db, {
      config: app.config.tracking,
      codec: app.publicIds,
      dialect: app.database.dialect,
      target,
      redis: app.hasDecorator("redis") ? app.redis : null,
      // a database in memory goes with its process: nothing to keep for another
      journalFolder: journalRoot && target ? journalFolder(journalRoot, databaseIdentity(target)) : null,
      log: app.log,
    });
    app.decorate("tracking", tracking);
    app.addHook("onReady", async () => {
      // ready to listen once the beacon can take events (its writer thread up), or after 10 s
      await tracking.whenStoring(10_000);
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
