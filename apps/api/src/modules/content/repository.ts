import type { Kysely, Selectable } from "kysely";
import type { ContentsTable, Database, MediaAccountsTable } from "../../db/schema.ts";

export type ContentRow = Selectable<ContentsTable>;
export type MediaAccountRow = Selectable<MediaAccountsTable>;

export function createContentRepository(db: Kysely<Database>) {
  return {
    findById: (id: number) => db.selectFrom("contents").selectAll().where("id", "=", id).executeTakeFirst(),

    findMediaAccount: (id: number) =>
      db.selectFrom("media_accounts").selectAll().where("id", "=", id).executeTakeFirst(),

    /** Published related items of a content item, in editorial order. */
    relatedTo: (id: number, available: readonly number[]) =>
      db
        .selectFrom("content_relations as r")
        .innerJoin("contents as c", "c.id", "r.related_id")
        .selectAll("c")
        .where("r.content_id", "=", id)
        .where("c.state", "not in", available)
        .orderBy("r.position")
        .execute(),

    /** A page of published content, newest first, optionally of one group. */
    async page(opts: { groupId?: string; offset: number; limit: number; hiddenStates: readonly number[] }) {
      let query = db.selectFrom("contents").where("state", "not in", opts.hiddenStates);
      if (opts.groupId) query = query.where("group_id", "=", opts.groupId);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy("publish_at", "desc")
          .orderBy("id", "desc")
          .offset(opts.offset)
          .limit(opts.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
