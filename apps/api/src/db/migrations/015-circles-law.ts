import { sql } from "kysely";
import { type AnyDb, withId } from "./dialect.ts";

/**
 * Circles (dimim) and law Q&A (fazak), decision 035: circles with their members, posts (pictures as
 * JSON), hashtags and comments; lawyers, legal questions and their answers. Each row keeps a stable
 * `key` so the demo is loaded idempotently; posts, answers and hashtags are counted from their rows, a circle's members are a counter the app keeps.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("circles"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("cover_url", "text", (c) => c.notNull())
    .addColumn("intro", "text", (c) => c.notNull())
    .addColumn("member_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("circle_members")
    .addColumn("circle_id", "integer", (c) => c.notNull().references("circles.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("joined_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("circle_members_pk", ["circle_id", "user_id"])
    .execute();
  await db.schema
    .createIndex("circle_members_newest")
    .on("circle_members")
    .columns(["circle_id", "joined_at"])
    .execute();
  await withId(db, db.schema.createTable("circle_posts"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("circle_id", "integer", (c) => c.notNull().references("circles.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("pictures_json", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("comment_count", "integer", (c) => c.notNull().defaultTo(0))
    // 0 published; anything else is not shown
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("circle_posts_newest")
    .on("circle_posts")
    .columns(["circle_id", "state", "created_at", "id"])
    .execute();
  await withId(db, db.schema.createTable("circle_topics"))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("intro", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("circle_post_topics")
    .addColumn("post_id", "integer", (c) => c.notNull().references("circle_posts.id").onDelete("cascade"))
    .addColumn("topic_id", "integer", (c) => c.notNull().references("circle_topics.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("circle_post_topics_pk", ["post_id", "topic_id"])
    .execute();
  await db.schema
    .createIndex("circle_post_topics_by_topic")
    .on("circle_post_topics")
    .columns(["topic_id", "post_id"])
    .execute();
  await withId(db, db.schema.createTable("circle_comments"))
    .addColumn("post_id", "integer", (c) => c.notNull().references("circle_posts.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("circle_comments_newest")
    .on("circle_comments")
    .columns(["post_id", "state", "created_at"])
    .execute();

  await withId(db, db.schema.createTable("lawyers"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("firm", "text", (c) => c.notNull())
    .addColumn("avatar", "text", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("law_questions"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("asker_alias", "text", (c) => c.notNull())
    .addColumn("asker_avatar", "text", (c) => c.notNull())
    .addColumn("view_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("law_answers"))
    .addColumn("key", "text", (c) => c.notNull().unique())
    .addColumn("question_id", "integer", (c) => c.notNull().references("law_questions.id").onDelete("cascade"))
    .addColumn("lawyer_id", "integer", (c) => c.notNull().references("lawyers.id").onDelete("cascade"))
    .addColumn("body", "text", (c) => c.notNull())
    .addColumn("accepted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("like_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("law_answers_order")
    .on("law_answers")
    .columns(["question_id", "state", "accepted", "like_count", "id"])
    .execute();
  // one accepted answer per question at most
  await db.schema
    .createIndex("law_answers_one_accepted")
    .on("law_answers")
    .column("question_id")
    .unique()
    .where(sql<boolean>`accepted = 1`)
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    "law_answers",
    "law_questions",
    "lawyers",
    "circle_comments",
    "circle_post_topics",
    "circle_topics",
    "circle_posts",
    "circle_members",
    "circles",
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
