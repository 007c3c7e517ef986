import type { AnyDb } from "./dialect.ts";

/**
 * Editors' previews (R-PREVIEW-1): each item's preview revision, which preview links are bound to
 * (bumping it revokes them), and the draft revision a preview shows instead of the stored fields.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("content_previews")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("contents.id").onDelete("cascade"))
    .addColumn("revision", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("draft_json", "text")
    .addColumn("updated_by", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("content_previews").execute();
}
