import type { AnyDb } from "./dialect.ts";

/**
 * Which version of the article sanitizer cleaned a stored body (decision 090): bodies are cleaned as
 * they are written, and served as stored when the current version cleaned them. 0 (every row written
 * before this) means not cleaned: such a body is cleaned as it is read, as before.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("contents")
    .addColumn("body_clean_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("contents").dropColumn("body_clean_version").execute();
}
