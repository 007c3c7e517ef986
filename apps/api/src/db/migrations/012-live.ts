import { sql } from "kysely";
import { type AnyDb, withId } from "./dialect.ts";

/**
 * Live rooms (R-ENT-LIVE, R-CONTENT-10, R-LIVE-1): a room per live item with its detail and
 * counters, and `last_seq`, the room's latest chat sequence number, raised in the transaction that
 * stores the message; chat messages unique per (room, seq) (held messages have none); likes
 * requests by msg_id, counted once; bookings once per user.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("live_rooms")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("contents.id").onDelete("cascade"))
    .addColumn("status", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("orientation", "text", (c) => c.notNull().defaultTo("landscape"))
    .addColumn("start_time", "bigint", (c) => c.notNull())
    .addColumn("end_time", "bigint")
    .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("columns_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("playlists_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("countdown_switch", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("countdown_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("notice_switch", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("notice_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("disclaimer", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("background_portrait", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("background_landscape", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("share_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("like_count", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("chat_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("booking_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_seq", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("live_messages"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("seq", "integer")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("live_messages_room_seq", ["content_id", "seq"])
    .execute();
  await db.schema
    .createIndex("live_messages_user_time")
    .on("live_messages")
    .columns(["user_id", "created_at"])
    .execute();
  await db.schema
    .createTable("live_like_requests")
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("actor", "text", (c) => c.notNull())
    .addColumn("msg_id", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_like_requests_pk", ["content_id", "actor", "msg_id"])
    .execute();
  await db.schema.createIndex("live_like_requests_time").on("live_like_requests").column("created_at").execute();
  await db.schema
    .createTable("live_bookings")
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("live_bookings_pk", ["content_id", "user_id"])
    .execute();
  await sql`create index live_bookings_user on live_bookings (user_id)`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["live_bookings", "live_like_requests", "live_messages", "live_rooms"]) {
    await db.schema.dropTable(table).execute();
  }
}
