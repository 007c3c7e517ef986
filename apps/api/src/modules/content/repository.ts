import type { Kysely, Selectable, Updateable } from "kysely";
import type { ContentsTable, Database, MediaAccountsTable } from "../../db/schema.ts";

export type ContentRow = Selectable<ContentsTable>;
export type MediaAccountRow = Selectable<MediaAccountsTable>;
export type ContentPatch = Omit<Updateable<ContentsTable>, "id" | "created_at" | "updated_at">;

export interface ContentRepositoryHooks {
  /** Called after a content item changed, with its id: caches drop what they hold of it. */
  changed?: (id: number) => void;
}

export function createContentRepository(db: Kysely<Database>, hooks: ContentRepositoryHooks = {}) {
  return {
    /** Changes a content item, stamps its `updated_at` and tells the caches. Answers whether it exists. */
    async update(id: number, patch: ContentPatch): Promise<boolean> {
      const result = await db
        .updateTable("contents")
        .set({ ...patch, updated_at: Date.now() })
        .where("id", "=", id)
        .executeTakeFirst();
      const found = Number(result.numUpdatedRows) > 0;
      if (found) hooks.changed?.(id);
      return found;
    },

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
