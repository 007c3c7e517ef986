import { type AnyDb, withId } from "./dialect.ts";

/**
 * The preview links editors minted (R-PREVIEW-1): a link is still its signature, and a row here only
 * lets the console list the links that still work (not expired, of the item's current revision).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("preview_links"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("editor", "text", (c) => c.notNull())
    .addColumn("minted_by", "integer")
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("preview_links_expiry").on("preview_links").columns(["expires_at"]).execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("preview_links").execute();
}
