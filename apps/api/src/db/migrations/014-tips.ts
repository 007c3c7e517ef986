import { type AnyDb, withId } from "./dialect.ts";

/**
 * Tips (R-TIP-1): what a reader sent, its pictures (stored files, listed as JSON), its receipt code,
 * where the newsroom's moderation stands, and the clue report it became.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("tips"))
    .addColumn("receipt", "text", (c) => c.notNull().unique())
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("place", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("contact", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pictures_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("status", "text", (c) => c.notNull().defaultTo("received"))
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("clue_report_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  // the hourly limit counts a user's recent tips; the queue lists by status, oldest first
  await db.schema.createIndex("tips_user_created").on("tips").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("tips_status_id").on("tips").columns(["status", "id"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("tips").execute();
}
