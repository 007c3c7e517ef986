import { type AnyDb, withId } from "./dialect.ts";

export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("settings")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("value", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("nav_items")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("binding", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("is_home", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("layout", "text", (c) => c.notNull())
    .addColumn("groups_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("icons_json", "text", (c) => c.notNull())
    .addColumn("label_color", "text", (c) => c.notNull())
    .addColumn("label_selected_color", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("media_accounts"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("contents"))
    .addColumn("external_id", "text", (c) => c.notNull().unique())
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("group_id", "text")
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("source_alias", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("body_html", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("cover_url", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("publish_at", "bigint", (c) => c.notNull())
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("collect_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duration_str", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("pic_num", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("payload_json", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comment_available", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("enable_comment", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("mp_id", "integer", (c) => c.references("media_accounts.id").onDelete("set null"))
    .addColumn("album_status", "integer")
    .addColumn("album_total", "integer")
    .addColumn("expired_at", "bigint")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("contents_group_publish").on("contents").columns(["group_id", "publish_at"]).execute();
  await db.schema.createIndex("contents_state_publish").on("contents").columns(["state", "publish_at"]).execute();

  await db.schema
    .createTable("content_relations")
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("related_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_relations_pk", ["content_id", "related_id"])
    .execute();

  await withId(db, db.schema.createTable("users"))
    .addColumn("phone", "text", (c) => c.unique())
    .addColumn("alias", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("sessions"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("cascade"))
    .addColumn("device_id", "text")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("revoked_at", "bigint")
    .execute();
  await db.schema.createIndex("sessions_expires").on("sessions").column("expires_at").execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "sessions",
    "users",
    "content_relations",
    "contents",
    "media_accounts",
    "nav_items",
    "settings",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
