import { randomInt } from "node:crypto";
import {
  deferredCodeAlphabet,
  deferredCodeLength,
  deferredLinkTtlDays,
  type OpenAppOutcome,
} from "@davmu/contracts/wechat";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { OpenAppTables } from "./tables.ts";

const dayMs = 24 * 60 * 60 * 1000;

/** A random code of the deferred-link alphabet (31^8 ≈ 8.5·10^11 codes). */
export function newDeferredCode(): string {
  let code = "";
  for (let i = 0; i < deferredCodeLength; i++) code += deferredCodeAlphabet[randomInt(deferredCodeAlphabet.length)];
  return code;
}

export interface OpenAppRepository {
  /** Stores a new code for the item; nothing about the visitor. */
  mint(contentId: number, now?: number): Promise<{ code: string; expiresAt: number }>;
  /**
   * The item of a code, marking it used in the same statement: only one of any number of
   * concurrent resolutions gets it. Null when unknown, used or expired.
   */
  resolve(code: string, now?: number): Promise<number | null>;
  /** Counts one outcome of the open-app chain, atomically (an upsert adding one). */
  count(outcome: OpenAppOutcome, now?: number): Promise<void>;
  counts(sinceDays: number, now?: number): Promise<OpenAppTables["open_app_outcomes"][]>;
  /** Removes codes past their expiry. */
  sweep(now?: number): Promise<number>;
}

export function createOpenAppRepository(database: Kysely<Database>): OpenAppRepository {
  const db = database.withTables<OpenAppTables>();
  return {
    async mint(contentId, now = Date.now()) {
      const expiresAt = now + deferredLinkTtlDays * dayMs;
      // a clash of random codes is as good as impossible; a second draw settles it anyway
      for (let attempt = 0; ; attempt++) {
        const code = newDeferredCode();
        const inserted = await db
          .insertInto("deferred_links")
          .values({ code, content_id: contentId, created_at: now, expires_at: expiresAt, resolved_at: null })
          .onConflict((oc) => oc.column("code").doNothing())
          .executeTakeFirst();
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 1) return { code, expiresAt };
        if (attempt >= 4) throw new Error("no free deferred-link code");
      }
    },
    async resolve(code, now = Date.now()) {
      const row = await db
        .updateTable("deferred_links")
        .set({ resolved_at: now })
        .where("code", "=", code)
        .where("resolved_at", "is", null)
        .where("expires_at", ">", now)
        .returning("content_id")
        .executeTakeFirst();
      return row ? row.content_id : null;
    },
    async count(outcome, now = Date.now()) {
      const day = new Date(now).toISOString().slice(0, 10);
      await db
        .insertInto("open_app_outcomes")
        .values({
          day,
          step: outcome.step,
          outcome: outcome.outcome,
          platform: outcome.platform,
          in_wechat: outcome.in_wechat ? 1 : 0,
          count: 1,
        })
        .onConflict((oc) =>
          oc
            .columns(["day", "step", "outcome", "platform", "in_wechat"])
            .doUpdateSet((eb) => ({ count: eb("open_app_outcomes.count", "+", 1) })),
        )
        .execute();
    },
    counts(sinceDays, now = Date.now()) {
      const since = new Date(now - sinceDays * dayMs).toISOString().slice(0, 10);
      return db
        .selectFrom("open_app_outcomes")
        .selectAll()
        .where("day", ">=", since)
        .orderBy("day", "desc")
        .orderBy("step")
        .orderBy("outcome")
        .orderBy("platform")
        .orderBy("in_wechat")
        .execute();
    },
    async sweep(now = Date.now()) {
      const result = await db.deleteFrom("deferred_links").where("expires_at", "<=", now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}

declare module "fastify" {
  interface FastifyInstance {
    openApp: OpenAppRepository;
  }
}

/** How often expired deferred-link codes are removed. */
export const sweepIntervalMs = 60 * 60 * 1000;

/** Deferred links and open-app outcome counts, one repository per app; expired codes swept hourly. */
export const openAppPlugin = fp(
  async (app: FastifyInstance) => {
    const repository = createOpenAppRepository(app.database.db);
    app.decorate("openApp", repository);
    const sweep = () =>
      repository.sweep().then(
        (removed) => {
          if (removed > 0) app.log.info({ removed }, "expired deferred links removed");
        },
        (error) => app.log.warn({ err: error }, "deferred-link sweep failed"),
      );
    const timer = setInterval(sweep, sweepIntervalMs);
    timer.unref();
    app.addHook("onClose", async () => clearInterval(timer));
  },
  { name: "open-app", dependencies: ["db"] },
);
