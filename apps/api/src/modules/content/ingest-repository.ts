import type { Insertable, Kysely, Transaction } from "kysely";
import type { ContentsTable, Database } from "../../db/schema.ts";

/** An imported item's columns, as both its insert and its update write them. */
export type ImportedContent = Omit<Insertable<ContentsTable>, "id" | "external_id" | "created_at">;

/** A member of an album or group, at its place. */
export interface ImportedMember {
  parent_id: number;
  member_id: number;
  group_index: number;
  position: number;
}

/** The queries of the editors' content import (ingest.ts): lookups by key and external id, and writes. */
export const ingestStore = {
  /** Which of these media account keys exist. */
  async knownMediaAccountKeys(db: Kysely<Database>, keys: readonly string[]): Promise<string[]> {
    if (!keys.length) return [];
    return (await db.selectFrom("media_accounts").select("key").where("key", "in", keys).execute()).map((r) => r.key);
  },

  /** The ids of these media accounts by key (those that exist). */
  async mediaAccountIds(db: Kysely<Database>, keys: readonly string[]): Promise<Map<string, number>> {
    if (!keys.length) return new Map();
    const rows = await db.selectFrom("media_accounts").select(["id", "key"]).where("key", "in", keys).execute();
    return new Map(rows.map((r) => [r.key, r.id] as const));
  },

  /** The stored contents among these external ids (read 500 at a time), as id by external id. */
  async contentIdsByExternalId(db: Kysely<Database>, externalIds: readonly string[]): Promise<Map<string, number>> {
    const ids = new Map<string, number>();
    for (let i = 0; i < externalIds.length; i += 500) {
      const rows = await db
        .selectFrom("contents")
        .select(["id", "external_id"])
        .where("external_id", "in", externalIds.slice(i, i + 500))
        .execute();
      for (const row of rows) ids.set(row.external_id, row.id);
    }
    return ids;
  },

  /** The content with this external id, if stored. */
  contentByExternalId: (db: Kysely<Database>, externalId: string) =>
    db.selectFrom("contents").select("id").where("external_id", "=", externalId).executeTakeFirst(),

  async updateContent(db: Kysely<Database>, id: number, values: ImportedContent) {
    await db.updateTable("contents").set(values).where("id", "=", id).execute();
  },

  /** A new content item; its id. */
  async insertContent(db: Kysely<Database>, values: ImportedContent, externalId: string, now: number) {
    const row = await db
      .insertInto("contents")
      .values({ ...values, external_id: externalId, created_at: now })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  },

  /** Replaces the members of an album or grouped item. */
  async replaceMembers(db: Kysely<Database>, parentId: number, members: readonly ImportedMember[]) {
    await db.deleteFrom("content_members").where("parent_id", "=", parentId).execute();
    if (members.length) await db.insertInto("content_members").values(members).execute();
  },

  /** Replaces an item's related items, in order. */
  async replaceRelations(db: Kysely<Database>, contentId: number, related: readonly number[]) {
    await db.deleteFrom("content_relations").where("content_id", "=", contentId).execute();
    if (related.length) {
      await db
        .insertInto("content_relations")
        .values(related.map((relatedId, position) => ({ content_id: contentId, related_id: relatedId, position })))
        .execute();
    }
  },

  /** Runs `work` in one transaction: all of it or nothing. */
  inTransaction: <T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>) =>
    db.transaction().execute(work),
};
