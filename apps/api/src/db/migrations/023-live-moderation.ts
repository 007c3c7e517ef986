import type { AnyDb } from "./dialect.ts";

/**
 * A live room's moderation (R-LIVE-1): the message pinned above its chat, and the users muted in it
 * (one row per room and user; their new messages there are refused until unmuted).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("live_rooms").addColumn("pinned_message_id", "integer").execute();
  await db.schema
    .createTable("live_mutes")
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("muted_by", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_mutes_pk", ["content_id", "user_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("live_mutes").execute();
  await db.schema.alterTable("live_rooms").dropColumn("pinned_message_id").execute();
}
