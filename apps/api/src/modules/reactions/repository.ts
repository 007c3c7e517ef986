import type { DeleteResult, InsertResult, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";

/**
 * Adds or removes a (user, target) row; true when the row changed, so the target's counter moves
 * only then and repeating an add or a del changes nothing.
 */
export async function toggleRow(
  on: boolean,
  insert: () => Promise<InsertResult>,
  remove: () => Promise<DeleteResult>,
): Promise<boolean> {
  if (on) return Number((await insert()).numInsertedOrUpdatedRows ?? 0) === 1;
  return Number((await remove()).numDeletedRows) === 1;
}

/**
 * Collections and content stars: each a (user, target) row plus a counter on the target, changed
 * together in one transaction, so repeating an add or a del changes nothing.
 */
export function createReactionRepository(db: Kysely<Database>) {
  return {
    setCollected: (userId: number, contentId: number, on: boolean, now = Date.now()) =>
      db.transaction().execute(async (tx) => {
        const changed = await toggleRow(
          on,
          () =>
            tx
              .insertInto("collections")
              .values({ user_id: userId, content_id: contentId, created_at: now })
              .onConflict((oc) => oc.columns(["user_id", "content_id"]).doNothing())
              .executeTakeFirst(),
          () =>
            tx
              .deleteFrom("collections")
              .where("user_id", "=", userId)
              .where("content_id", "=", contentId)
              .executeTakeFirst(),
        );
        if (changed) {
          await tx
            .updateTable("contents")
            .set((eb) => ({ collect_count: eb("collect_count", "+", on ? 1 : -1) }))
            .where("id", "=", contentId)
            .execute();
        }
        const row = await tx
          .selectFrom("contents")
          .select("collect_count")
          .where("id", "=", contentId)
          .executeTakeFirstOrThrow();
        return { is_collect: on, collect_count: Math.max(0, row.collect_count) };
      }),

    setContentStar: (userId: number, contentId: number, on: boolean, now = Date.now()) =>
      db.transaction().execute(async (tx) => {
        const changed = await toggleRow(
          on,
          () =>
            tx
              .insertInto("stars")
              .values({ user_id: userId, target_type: "content", target_id: contentId, created_at: now })
              .onConflict((oc) => oc.columns(["user_id", "target_type", "target_id"]).doNothing())
              .executeTakeFirst(),
          () =>
            tx
              .deleteFrom("stars")
              .where("user_id", "=", userId)
              .where("target_type", "=", "content")
              .where("target_id", "=", contentId)
              .executeTakeFirst(),
        );
        if (changed) {
          await tx
            .updateTable("contents")
            .set((eb) => ({ like_count: eb("like_count", "+", on ? 1 : -1) }))
            .where("id", "=", contentId)
            .execute();
        }
        const row = await tx
          .selectFrom("contents")
          .select("like_count")
          .where("id", "=", contentId)
          .executeTakeFirstOrThrow();
        return { star: on, star_count: Math.max(0, row.like_count) };
      }),

    async related(userId: number, contentId: number, mpId: number | null) {
      const [collected, starred, followed] = await Promise.all([
        db
          .selectFrom("collections")
          .select("content_id")
          .where("user_id", "=", userId)
          .where("content_id", "=", contentId)
          .executeTakeFirst(),
        db
          .selectFrom("stars")
          .select("target_id")
          .where("user_id", "=", userId)
          .where("target_type", "=", "content")
          .where("target_id", "=", contentId)
          .executeTakeFirst(),
        mpId === null
          ? undefined
          : db
              .selectFrom("follows")
              .select("mp_id")
              .where("user_id", "=", userId)
              .where("mp_id", "=", mpId)
              .executeTakeFirst(),
      ]);
      return { is_collect: !!collected, is_star: !!starred, is_followed: !!followed };
    },
  };
}
export type ReactionRepository = ReturnType<typeof createReactionRepository>;

declare module "fastify" {
  interface FastifyInstance {
    reactions: ReactionRepository;
  }
}

/** One reaction repository per app. */
export const reactionsPlugin = repositoryPlugin("reactions", "reactions", (app) =>
  createReactionRepository(app.database.db),
);
