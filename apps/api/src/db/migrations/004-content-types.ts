import type { AnyDb } from "./dialect.ts";

/**
 * Every content type the app shares: what a page plays or shows beyond the body (video, audio,
 * gallery pictures, mini program, live streams; a special's sections and group names) as JSON,
 * the editors' recommended list, and the members of albums (tracks) and specials (group items).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("contents")
    .addColumn("detail_json", "text", (c) => c.notNull().defaultTo("{}"))
    .execute();
  await db.schema.alterTable("contents").addColumn("recommend_position", "integer").execute();
  await db.schema.createIndex("contents_recommend").on("contents").column("recommend_position").execute();

  // album tracks (group_index 0) and special groups (group_index: the group's place in detail_json)
  await db.schema
    .createTable("content_members")
    .addColumn("parent_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("member_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("group_index", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("position", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("content_members_pk", ["parent_id", "group_index", "member_id"])
    .execute();
  await db.schema
    .createIndex("content_members_order")
    .on("content_members")
    .columns(["parent_id", "group_index", "position"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("content_members").execute();
  await db.schema.dropIndex("contents_recommend").execute();
  await db.schema.alterTable("contents").dropColumn("recommend_position").execute();
  await db.schema.alterTable("contents").dropColumn("detail_json").execute();
}
