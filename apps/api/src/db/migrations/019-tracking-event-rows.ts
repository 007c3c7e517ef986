import { type CreateTableBuilder, sql } from "kysely";
import { type AnyDb, isPostgres } from "./dialect.ts";

/**
 * One row per tracking event (decision 038): an event naming several items (an expose of a list's
 * cards) was a row per item, each with the event's every field and its own entry in the unique key
 * `(event_id, content_id)`; storing those rows was most of what the beacon cost. The event's items are
 * now one JSON array, `content_ids`, and the key is the event id alone. The roll-ups are unchanged
 * (they were counted per item as events were stored), and a recount reads the array.
 */

/** An event's fields after its id and item(s), as both shapes of the table hold them. */
function eventFields<T extends string>(table: CreateTableBuilder<"tracking_events", T>) {
  return table
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
    .addColumn("received_at", "bigint", (c) => c.notNull());
}

export async function up(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("tracking_events_hour").execute();
  await db.schema.alterTable("tracking_events").renameTo("tracking_events_by_item").execute();
  await eventFields(
    db.schema
      .createTable("tracking_events")
      .addColumn("event_id", "text", (c) => c.notNull().primaryKey())
      .addColumn("content_ids", "text", (c) => c.notNull()),
  ).execute();
  // retention and the recount find an hour's events by it; hours only grow, so it is appended to
  await db.schema.createIndex("tracking_events_hour").on("tracking_events").column("hour").execute();
  const ids = isPostgres(db)
    ? sql`json_agg(content_id order by content_id)::text`
    : sql`(select json_group_array(content_id) from (select content_id from tracking_events_by_item i where i.event_id = e.event_id order by content_id))`;
  await sql`insert into tracking_events (event_id, content_ids, behavior, at, hour, visit, duration, percent,
      page_type, series, outcome, device_type, device_os, user_id, received_at)
    select event_id, ${ids}, min(behavior), min(at), min(hour), min(visit), min(duration), min(percent),
      min(page_type), min(series), min(outcome), min(device_type), min(device_os), min(user_id), min(received_at)
    from tracking_events_by_item e group by event_id`.execute(db);
  await db.schema.dropTable("tracking_events_by_item").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex("tracking_events_hour").execute();
  await db.schema.alterTable("tracking_events").renameTo("tracking_events_by_event").execute();
  await eventFields(
    db.schema
      .createTable("tracking_events")
      .addColumn("event_id", "text", (c) => c.notNull())
      .addColumn("content_id", "integer", (c) => c.notNull()),
  )
    .addPrimaryKeyConstraint("tracking_events_pk", ["event_id", "content_id"])
    .execute();
  await db.schema.createIndex("tracking_events_hour").on("tracking_events").columns(["hour", "content_id"]).execute();
  const each = isPostgres(db)
    ? sql`cross join lateral json_array_elements_text(e.content_ids::json) as j(value)`
    : sql`cross join json_each(e.content_ids) as j`;
  await sql`insert into tracking_events (event_id, content_id, behavior, at, hour, visit, duration, percent,
      page_type, series, outcome, device_type, device_os, user_id, received_at)
    select e.event_id, cast(j.value as integer), e.behavior, e.at, e.hour, e.visit, e.duration, e.percent,
      e.page_type, e.series, e.outcome, e.device_type, e.device_os, e.user_id, e.received_at
    from tracking_events_by_event e ${each}`.execute(db);
  await db.schema.dropTable("tracking_events_by_event").execute();
}
