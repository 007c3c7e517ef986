import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { toggleRow } from "../reactions/repository.ts";

/** Media accounts and their followers: a follow row and the account's counter change together. */
export function createMediaAccountRepository(db: Kysely<Database>) {
  return {
    setFollowing: (userId: number, mpId: number, on: boolean, now = Date.now()) =>
      db.transaction().execute(async (tx) => {
        const changed = await toggleRow(
          on,
          () =>
            tx
              .insertInto("follows")
              .values({ user_id: userId, mp_id: mpId, created_at: now })
              .onConflict((oc) => oc.columns(["user_id", "mp_id"]).doNothing())
              .executeTakeFirst(),
          () => tx.deleteFrom("follows").where("user_id", "=", userId).where("mp_id", "=", mpId).executeTakeFirst(),
        );
        if (changed) {
          await tx
            .updateTable("media_accounts")
            .set((eb) => ({ follower_count: eb("follower_count", "+", on ? 1 : -1) }))
            .where("id", "=", mpId)
            .execute();
        }
        const row = await tx
          .selectFrom("media_accounts")
          .select("follower_count")
          .where("id", "=", mpId)
          .executeTakeFirstOrThrow();
        return { is_followed: on, follower_count: Math.max(0, row.follower_count) };
      }),

    async isFollowing(userId: number, mpId: number) {
      const row = await db
        .selectFrom("follows")
        .select("mp_id")
        .where("user_id", "=", userId)
        .where("mp_id", "=", mpId)
        .executeTakeFirst();
      return !!row;
    },

    async mediaAccount(mpId: number) {
      const [account, contents] = await Promise.all([
        db.selectFrom("media_accounts").selectAll().where("id", "=", mpId).executeTakeFirst(),
        db
          .selectFrom("contents")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("mp_id", "=", mpId)
          .executeTakeFirstOrThrow(),
      ]);
      return account ? { ...account, content_count: Number(contents.n) } : undefined;
    },

    followList: (userId: number, limit: number) =>
      db
        .selectFrom("follows")
        .innerJoin("media_accounts", "media_accounts.id", "follows.mp_id")
        .selectAll("media_accounts")
        .where("follows.user_id", "=", userId)
        .orderBy("follows.created_at", "desc")
        .limit(limit)
        .execute(),
  };
}
export type MediaAccountRepository = ReturnType<typeof createMediaAccountRepository>;

declare module "fastify" {
  interface FastifyInstance {
    mediaAccounts: MediaAccountRepository;
  }
}

/** One media-account repository per app. */
export const mediaAccountsPlugin = repositoryPlugin("media-accounts", "mediaAccounts", (app) =>
  createMediaAccountRepository(app.database.db),
);
