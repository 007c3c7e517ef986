import type { AnyDb } from "./dialect.ts";

/**
 * Users banned by a moderator (R-MOD-2): one row per banned user, so two moderators banning at once
 * make one ban; while it stands the user's new comments, report comments and chat messages are refused.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("user_bans")
    .addColumn("user_id", "integer", (c) => c.primaryKey().references("users.id").onDelete("cascade"))
    .addColumn("banned_by", "integer")
    .addColumn("reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("user_bans").execute();
}
