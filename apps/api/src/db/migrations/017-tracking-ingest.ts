import { sql } from "kysely";
import type { AnyDb } from "./dialect.ts";

/**
 * Tracking ingestion counted as it is stored (decision 037): the roll-ups are updated by each write
 * of the buffer instead of recounted, so a read (one page visit on one item) is kept in
 * `tracking_reads` with the hour it counts in and its longest time and deepest scroll so far; a later
 * read event of the same visit adds only what it goes beyond. The index of events by the time they
 * were received served the recount after a restart only, and every insert paid for it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("tracking_reads")
    .addColumn("visit", "text", (c) => c.notNull())
    .addColumn("content_id", "integer", (c) => c.notNull())
    .addColumn("hour", "bigint", (c) => c.notNull())
    .addColumn("duration", "integer", (c) => c.notNull())
    .addColumn("percent", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("tracking_reads_pk", ["visit", "content_id"])
    .execute();
  await db.schema.createIndex("tracking_reads_hour").on("tracking_reads").columns(["hour", "content_id"]).execute();
  // the visits read so far, each in the hour its first read event falls in
  await sql`insert into tracking_reads (visit, content_id, hour, duration, percent)
    select visit, content_id, min(hour), max(coalesce(duration, 0)), max(coalesce(percent, 0))
    from tracking_events where behavior = 'read' group by visit, content_id`.execute(db);
  await db.schema.dropIndex("tracking_events_received").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.createIndex("tracking_events_received").on("tracking_events").column("received_at").execute();
  await db.schema.dropTable("tracking_reads").execute();
}
