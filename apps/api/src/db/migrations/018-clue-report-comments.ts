import { type AnyDb, withId } from "./dialect.ts";

/**
 * Readers' comments on clue reports: their own table, keyed by report (reports are not content rows).
 * Status is "published" or "pending" (held for review, visible to its author only).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("clue_report_comments"))
    .addColumn("report_id", "integer", (c) => c.notNull().references("clue_reports.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("hold_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("clue_report_comments_thread")
    .on("clue_report_comments")
    .columns(["report_id", "status", "id"])
    .execute();
  await db.schema
    .createIndex("clue_report_comments_user")
    .on("clue_report_comments")
    .columns(["user_id", "created_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("clue_report_comments").execute();
}
