import type { AnyDb } from "./dialect.ts";

/**
 * The seal of a stored body (decision 091): SHA-256 of the sanitizer's versions and the body it cleaned
 * as it was written. A body is served as stored only when it matches its seal, so one changed by a
 * writer that did not clean it is cleaned as it is read. "" (every row written before this) matches no
 * body: such rows are cleaned as they are read until written anew or sealed by `npm run db:clean-bodies`.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("contents")
    .addColumn("body_clean_seal", "text", (c) => c.notNull().defaultTo(""))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("contents").dropColumn("body_clean_seal").execute();
}
