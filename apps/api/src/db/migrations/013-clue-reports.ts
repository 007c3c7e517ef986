import { type AnyDb, withId } from "./dialect.ts";

/**
 * Clue reports (dejin) and the open columns (picho): reporters of the newsroom, the readers' published
 * reports with their pictures, follow-up timeline and the reporter's reply, topics and the reports
 * under each, reporters a report mentions, news items linked to a report or written by a reporter;
 * and the catalogs and items of the organisation's open columns.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("clue_reporters"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("bio", "text", (c) => c.notNull())
    .addColumn("follower_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("external_key", "text", (c) => c.unique())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("clue_reports"))
    .addColumn("external_key", "text", (c) => c.unique())
    .addColumn("author_alias", "text", (c) => c.notNull())
    .addColumn("author_avatar", "text", (c) => c.notNull())
    .addColumn("author_user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("content", "text", (c) => c.notNull())
    .addColumn("location", "text", (c) => c.notNull())
    .addColumn("pictures_json", "text", (c) => c.notNull())
    .addColumn("video_json", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("timeline_json", "text", (c) => c.notNull())
    .addColumn("handler_id", "integer", (c) => c.references("clue_reporters.id").onDelete("set null"))
    .addColumn("reply_content", "text")
    .addColumn("replied_at", "bigint")
    .addColumn("view_sum", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("reported_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("clue_reports_handler")
    .on("clue_reports")
    .columns(["handler_id", "reported_at"])
    .execute();
  await db.schema
    .createTable("clue_topics")
    .addColumn("name", "text", (c) => c.primaryKey())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("cover", "text", (c) => c.notNull())
    .addColumn("recommend_position", "integer")
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("clue_report_topics")
    .addColumn("report_id", "integer", (c) => c.notNull().references("clue_reports.id").onDelete("cascade"))
    .addColumn("topic_name", "text", (c) => c.notNull().references("clue_topics.name").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("clue_report_topics_pk", ["report_id", "topic_name"])
    .execute();
  await db.schema.createIndex("clue_report_topics_topic").on("clue_report_topics").column("topic_name").execute();
  await db.schema
    .createTable("clue_report_mentions")
    .addColumn("report_id", "integer", (c) => c.notNull().references("clue_reports.id").onDelete("cascade"))
    .addColumn("reporter_id", "integer", (c) => c.notNull().references("clue_reporters.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("clue_report_mentions_pk", ["report_id", "reporter_id"])
    .execute();
  await db.schema
    .createIndex("clue_report_mentions_reporter")
    .on("clue_report_mentions")
    .column("reporter_id")
    .execute();
  await db.schema
    .createTable("clue_report_posts")
    .addColumn("report_id", "integer", (c) => c.notNull().references("clue_reports.id").onDelete("cascade"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("clue_report_posts_pk", ["report_id", "content_id"])
    .execute();
  await db.schema
    .createTable("clue_reporter_posts")
    .addColumn("reporter_id", "integer", (c) => c.notNull().references("clue_reporters.id").onDelete("cascade"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("clue_reporter_posts_pk", ["reporter_id", "content_id"])
    .execute();
  await db.schema
    .createTable("picho_catalogs")
    .addColumn("rid", "text", (c) => c.notNull())
    .addColumn("id", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("cover", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("picho_catalogs_pk", ["rid", "id"])
    .execute();
  await db.schema
    .createTable("picho_contents")
    .addColumn("uuid", "text", (c) => c.primaryKey())
    .addColumn("rid", "text", (c) => c.notNull())
    .addColumn("catalog_id", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("summary", "text", (c) => c.notNull())
    .addColumn("cover", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("author", "text", (c) => c.notNull())
    .addColumn("body_html", "text", (c) => c.notNull())
    .addColumn("publish_at", "bigint", (c) => c.notNull())
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("published", "integer", (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex("picho_contents_list")
    .on("picho_contents")
    .columns(["rid", "catalog_id", "publish_at"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "picho_contents",
    "picho_catalogs",
    "clue_reporter_posts",
    "clue_report_posts",
    "clue_report_mentions",
    "clue_report_topics",
    "clue_topics",
    "clue_reports",
    "clue_reporters",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
