import type { ActivityUpdate } from "@davmu/contracts/activities";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import type { ActivityTables } from "./tables.ts";

export type ActivityRow = ActivityTables["activities"];

export type SignupOutcome =
  | { ok: true; count: number }
  | { ok: false; reason: "already" | "closed" | "full" | "missing" };

export function createActivityRepository(database: Kysely<Database>) {
  const db = database.withTables<ActivityTables>();
  return {
    find: (contentId: number) =>
      db.selectFrom("activities").selectAll().where("content_id", "=", contentId).executeTakeFirst(),

    async signedUp(contentId: number, userId: number): Promise<boolean> {
      const row = await db
        .selectFrom("activity_signups")
        .select("user_id")
        .where("content_id", "=", contentId)
        .where("user_id", "=", userId)
        .executeTakeFirst();
      return row !== undefined;
    },

    async save(contentId: number, update: ActivityUpdate, now = Date.now()): Promise<ActivityRow> {
      const values = {
        place: update.place,
        starts_at: Date.parse(update.starts_at),
        ends_at: Date.parse(update.ends_at),
        deadline: Date.parse(update.deadline),
        capacity: update.capacity,
        updated_at: now,
      };
      return db
        .insertInto("activities")
        .values({ content_id: contentId, ...values, signup_count: 0 })
        .onConflict((oc) => oc.column("content_id").doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * One sign-up, in one transaction: the row recording it (the primary key refuses a second), then
     * the count raised only while before the deadline and below capacity, a single conditional update
     * that concurrent sign-ups queue on; when it raises nothing the sign-up is rolled back.
     */
    signup(contentId: number, userId: number, now = Date.now()): Promise<SignupOutcome> {
      return db
        .transaction()
        .execute(async (trx) => {
          const inserted = await trx
            .insertInto("activity_signups")
            .values({ content_id: contentId, user_id: userId, created_at: now })
            .onConflict((oc) => oc.columns(["content_id", "user_id"]).doNothing())
            .executeTakeFirst();
          if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) !== 1) return { ok: false, reason: "already" } as const;
          const raised = await trx
            .updateTable("activities")
            .set({ signup_count: sql<number>`signup_count + 1` })
            .where("content_id", "=", contentId)
            .where("deadline", ">", now)
            .whereRef("signup_count", "<", "capacity")
            .returning("signup_count")
            .executeTakeFirst();
          if (raised) return { ok: true, count: Number(raised.signup_count) } as const;
          const row = await trx
            .selectFrom("activities")
            .selectAll()
            .where("content_id", "=", contentId)
            .executeTakeFirst();
          const reason = !row ? "missing" : Number(row.deadline) <= now ? "closed" : "full";
          throw new SignupRefused(reason);
        })
        .catch((error: unknown) => {
          if (error instanceof SignupRefused) return { ok: false, reason: error.reason } as const;
          throw error;
        });
    },
  };
}

/** Rolls the sign-up's transaction back with the reason. */
class SignupRefused extends Error {
  readonly reason: "closed" | "full" | "missing";
  constructor(reason: "closed" | "full" | "missing") {
    super(reason);
    this.reason = reason;
  }
}

export type ActivityRepository = ReturnType<typeof createActivityRepository>;

declare module "fastify" {
  interface FastifyInstance {
    /** Activities (modules/activities): the activities, their sign-ups and votes. */
    activities: ActivityRepository;
  }
}

export const activitiesPlugin = repositoryPlugin("activities", "activities", (app: FastifyInstance) =>
  createActivityRepository(app.database.db),
);
