import type { AnyDb } from "./dialect.ts";

/**
 * A small rendition of each item's cover for lists (`style.data[].thumb`): a card shows its picture
 * at about 112 CSS pixels, where the full cover is several times the bytes. Empty means "use the
 * cover" (items imported without one, and every item stored before this migration).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("contents")
    .addColumn("thumb_url", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("contents").dropColumn("thumb_url").execute();
}
