import { PostgresAdapter, sql } from "kysely";
import type { TrackingDb, TrackingHourlyTable } from "./tables.ts";

const isPostgres = (db: TrackingDb) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * What one hour's raw rows count to: events (not reads) per item, behaviour and outcome, and the
 * visits counted in the hour per item with their time and depth buckets.
 */
async function hourCounts(db: TrackingDb, hour: number) {
  // each event counts once for every item its content_ids names (migration 019)
  const items = isPostgres(db)
    ? sql`cross join lateral json_array_elements_text(e.content_ids::json) as j(value)`
    : sql`cross join json_each(e.content_ids) as j`;
  const { rows: counts } = await sql<{ content_id: number; behavior: string; outcome: string | null; n: number }>`
    select cast(j.value as integer) as content_id, e.behavior, e.outcome, count(*) as n
    from tracking_events e ${items}
    where e.hour = ${hour} and e.behavior <> 'read'
    group by 1, 2, 3`.execute(db);
  const reads = await db
    .selectFrom("tracking_reads as v")
    .select([
      "v.content_id",
      (eb) => eb.fn.countAll<number>().as("reads"),
      sql<number>`coalesce(sum(v.duration), 0)`.as("seconds"),
      sql<number>`sum(case when v.percent < 25 then 1 else 0 end)`.as("depth_0"),
      sql<number>`sum(case when v.percent >= 25 and v.percent < 50 then 1 else 0 end)`.as("depth_25"),
      sql<number>`sum(case when v.percent >= 50 and v.percent < 75 then 1 else 0 end)`.as("depth_50"),
      sql<number>`sum(case when v.percent >= 75 and v.percent < 100 then 1 else 0 end)`.as("depth_75"),
      sql<number>`sum(case when v.percent >= 100 then 1 else 0 end)`.as("depth_100"),
    ])
    .where("v.hour", "=", hour)
    .groupBy("v.content_id")
    .execute();

  return { counts, reads };
}

/** Writes roll-up rows over the ones of the same item and hour. */
export async function upsertHourly(db: TrackingDb, rows: readonly TrackingHourlyTable[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await db
      .insertInto("tracking_hourly")
      .values(rows.slice(i, i + 500))
      .onConflict((oc) =>
        oc.columns(["content_id", "hour"]).doUpdateSet((eb) => ({
          views: eb.ref("excluded.views"),
          reads: eb.ref("excluded.reads"),
          read_seconds: eb.ref("excluded.read_seconds"),
          depth_0: eb.ref("excluded.depth_0"),
          depth_25: eb.ref("excluded.depth_25"),
          depth_50: eb.ref("excluded.depth_50"),
          depth_75: eb.ref("excluded.depth_75"),
          depth_100: eb.ref("excluded.depth_100"),
          exposures: eb.ref("excluded.exposures"),
          outcomes_json: eb.ref("excluded.outcomes_json"),
        })),
      )
      .execute();
  }
}

/** Rows one delete of the retention removes: a long delete would hold SQLite's writer (and this thread). */
const deleteChunk = 5000;

/** Deletes up to `deleteChunk` rows of `table` from hours before `cutoff`; answers how many went. */
async function deleteOldRows(db: TrackingDb, table: "tracking_events" | "tracking_reads", cutoff: number) {
  const result = isPostgres(db)
    ? await sql`delete from ${sql.table(table)} where ctid = any(array(select ctid from ${sql.table(table)} where hour < ${cutoff} limit ${deleteChunk}))`.execute(
        db,
      )
    : await sql`delete from ${sql.table(table)} where rowid in (select rowid from ${sql.table(table)} where hour < ${cutoff} limit ${deleteChunk})`.execute(
        db,
      );
  return Number(result.numAffectedRows ?? 0);
}

/** The roll-ups' reads and writes (rollup.ts): an hour's raw counts, the upsert, the retention's deletes. */
export const rollupStore = { hourCounts, upsertHourly, deleteOldRows, deleteChunk };
