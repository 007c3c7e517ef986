import { type AnyDb, withId } from "./dialect.ts";

/**
 * Phone login (SMS codes, passwords, invites) and interaction: comments with replies and
 * moderation, collections, stars and follows. Counters kept on the rows they count, so lists
 * never count at read time.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").addColumn("password_hash", "text").execute();
  await db.schema.alterTable("users").addColumn("invite_code", "text").execute();
  await db.schema
    .alterTable("users")
    .addColumn("invited_by", "integer", (c) => c.references("users.id").onDelete("set null"))
    .execute();
  await db.schema.alterTable("users").addColumn("invited_at", "bigint").execute();
  await db.schema.createIndex("users_invite_code").unique().on("users").column("invite_code").execute();
  await db.schema.createIndex("users_invited_by").on("users").columns(["invited_by", "invited_at"]).execute();

  await db.schema
    .alterTable("contents")
    .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("media_accounts")
    .addColumn("follower_count", "integer", (c) => c.notNull().defaultTo(0))
    .execute();

  await withId(db, db.schema.createTable("otp_codes"))
    .addColumn("phone", "text", (c) => c.notNull())
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("ip", "text", (c) => c.notNull())
    .addColumn("device_id", "text")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("consumed_at", "bigint")
    .execute();
  await db.schema.createIndex("otp_codes_phone").on("otp_codes").columns(["phone", "created_at"]).execute();
  await db.schema.createIndex("otp_codes_ip").on("otp_codes").columns(["ip", "created_at"]).execute();
  await db.schema.createIndex("otp_codes_device").on("otp_codes").columns(["device_id", "created_at"]).execute();

  await withId(db, db.schema.createTable("comments"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("root_id", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("target_user_id", "integer")
    .addColumn("target_alias", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("hold_reason", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("ip_location", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("star_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("report_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  // a page of a post's comments (root_id 0) or a comment's replies, newest or oldest first by id
  await db.schema.createIndex("comments_thread").on("comments").columns(["content_id", "root_id", "id"]).execute();
  await db.schema.createIndex("comments_user_recent").on("comments").columns(["user_id", "created_at"]).execute();
  await db.schema.createIndex("comments_status").on("comments").columns(["status", "id"]).execute();

  await db.schema
    .createTable("comment_reports")
    .addColumn("comment_id", "integer", (c) => c.notNull().references("comments.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("detail", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("comment_reports_pk", ["comment_id", "user_id"])
    .execute();

  await db.schema
    .createTable("collections")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("collections_pk", ["user_id", "content_id"])
    .execute();

  await db.schema
    .createTable("stars")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("target_type", "text", (c) => c.notNull())
    .addColumn("target_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("stars_pk", ["user_id", "target_type", "target_id"])
    .execute();

  await db.schema
    .createTable("follows")
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("mp_id", "integer", (c) => c.notNull().references("media_accounts.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("follows_pk", ["user_id", "mp_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of ["follows", "stars", "collections", "comment_reports", "comments", "otp_codes"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.alterTable("media_accounts").dropColumn("follower_count").execute();
  await db.schema.alterTable("contents").dropColumn("comment_count").execute();
  await db.schema.dropIndex("users_invited_by").execute();
  await db.schema.dropIndex("users_invite_code").execute();
  for (const column of ["invited_at", "invited_by", "invite_code", "password_hash"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
