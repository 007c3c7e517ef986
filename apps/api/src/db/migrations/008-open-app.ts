import type { AnyDb } from "./dialect.ts";

/**
 * Opening the app from a share page (R-SHARE-3, R-SHARE-4): deferred deep links (a short code for
 * an item, resolved once by the app after install, expiring after 7 days; nothing about the visitor)
 * and the open-app chain's outcome counts per day, step, outcome, platform and WeChat or not.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("deferred_links")
    .addColumn("code", "text", (c) => c.primaryKey())
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .addColumn("resolved_at", "bigint")
    .execute();
  await db.schema.createIndex("deferred_links_expires").on("deferred_links").column("expires_at").execute();

  await db.schema
    .createTable("open_app_outcomes")
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("step", "text", (c) => c.notNull())
    .addColumn("outcome", "text", (c) => c.notNull())
    .addColumn("platform", "text", (c) => c.notNull())
    .addColumn("in_wechat", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("open_app_outcomes_pk", ["day", "step", "outcome", "platform", "in_wechat"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("open_app_outcomes").execute();
  await db.schema.dropTable("deferred_links").execute();
}
