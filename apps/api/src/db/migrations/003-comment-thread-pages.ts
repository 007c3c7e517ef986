import type { AnyDb } from "./dialect.ts";

/**
 * Published comments of a thread, in id order, straight from one index: a page of a thread reads its
 * ids from here alone (an index-only scan on PostgreSQL). With (content_id, root_id, id) only,
 * PostgreSQL preferred walking the primary key backwards and filtering, which on a thread whose
 * comments are older than most (an old hot post at 10M comments) read millions of rows per page.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createIndex("comments_thread_status")
    .on("comments")
    .columns(["content_id", "root_id", "status", "id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("comments_thread_status").execute();
}
