import type { AnyDb } from "./dialect.ts";

/**
 * Tracking (R-TRACK-5, R-STATS-1): the raw events the beacon stores, one row per content id an
 * event names, unique by (event_id, content_id) so an event sent again is stored once, even when two
 * servers take it at the same moment; and their hourly roll-ups per content item, which the editors'
 * stats page reads and which outlive the raw events (kept TRACKING_RETENTION_DAYS).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("tracking_events")
    .addColumn("event_id", "text", (c) => c.notNull())
    .addColumn("content_id", "integer", (c) => c.notNull())
    .addColumn("behavior", "text", (c) => c.notNull())
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("hour", "bigint", (c) => c.notNull())
    .addColumn("visit", "text", (c) => c.notNull())
    .addColumn("duration", "integer")
    .addColumn("percent", "integer")
    .addColumn("page_type", "text")
    .addColumn("series", "text")
    .addColumn("outcome", "text")
    .addColumn("device_type", "text", (c) => c.notNull())
    .addColumn("device_os", "text", (c) => c.notNull())
    .addColumn("user_id", "text", (c) => c.notNull())
    .addColumn("received_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("tracking_events_pk", ["event_id", "content_id"])
    .execute();
  await db.schema.createIndex("tracking_events_hour").on("tracking_events").columns(["hour", "content_id"]).execute();
  await db.schema.createIndex("tracking_events_received").on("tracking_events").column("received_at").execute();

  await db.schema
    .createTable("tracking_hourly")
    .addColumn("content_id", "integer", (c) => c.notNull())
    .addColumn("hour", "bigint", (c) => c.notNull())
    .addColumn("views", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("reads", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("read_seconds", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("depth_0", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("depth_25", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("depth_50", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("depth_75", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("depth_100", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("exposures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("outcomes_json", "text", (c) => c.notNull().defaultTo("{}"))
    .addPrimaryKeyConstraint("tracking_hourly_pk", ["content_id", "hour"])
    .execute();
  await db.schema.createIndex("tracking_hourly_hour").on("tracking_hourly").column("hour").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("tracking_hourly").execute();
  await db.schema.dropTable("tracking_events").execute();
}
