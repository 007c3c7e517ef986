import { PostgresAdapter, sql } from "kysely";
import { hourMs, type TrackingDb, type TrackingHourlyTable, zeroCounts } from "./tables.ts";

/** Scroll depth buckets of a read, by its deepest percent: under 25, 25–49, 50–74, 75–99, 100. */
export const depthColumns = ["depth_0", "depth_25", "depth_50", "depth_75", "depth_100"] as const;

const isPostgres = (db: TrackingDb) => db.getExecutor().adapter instanceof PostgresAdapter;

function emptyRow(contentId: number, hour: number): TrackingHourlyTable {
  return { content_id: contentId, hour, ...zeroCounts(), outcomes_json: "{}" };
}

/**
 * Counts one hour again from what is stored, into its roll-up rows, one per content item: views,
 * exposures and open-app outcomes from its raw events, reads from the visits counted in this hour
 * (`tracking_reads`: a visit's read events count once, in the hour of its first one, with their
 * longest time and deepest scroll). The beacon's writes keep the roll-ups up to date as they store
 * (store.ts); this recount gives the same numbers, for the demo data and for checking.
 */
export async function rollUpHour(db: TrackingDb, hour: number): Promise<number> {
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

  const rows = new Map<number, TrackingHourlyTable & { outcomes: Record<string, number> }>();
  const rowOf = (id: number) => {
    let row = rows.get(id);
    if (!row) {
      row = { ...emptyRow(id, hour), outcomes: {} };
      rows.set(id, row);
    }
    return row;
  };
  for (const c of counts) {
    const row = rowOf(Number(c.content_id));
    const n = Number(c.n);
    if (c.behavior === "view") row.views += n;
    else if (c.behavior === "expose") row.exposures += n;
    else if (c.behavior === "open_app" && c.outcome) row.outcomes[c.outcome] = (row.outcomes[c.outcome] ?? 0) + n;
  }
  for (const r of reads) {
    const row = rowOf(Number(r.content_id));
    row.reads = Number(r.reads);
    row.read_seconds = Number(r.seconds);
    for (const column of depthColumns) row[column] = Number(r[column]);
  }
  const values = [...rows.values()].map(({ outcomes, ...row }) => ({
    ...row,
    outcomes_json: JSON.stringify(outcomes),
  }));
  await upsertHourly(db, values);
  return values.length;
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

/**
 * Removes raw events and visits older than the retention (their roll-ups stay), a few thousand rows
 * at a time with other work let in between; answers how many events went.
 */
export async function removeExpiredEvents(db: TrackingDb, now: number, retentionDays: number): Promise<number> {
  // whole hours only, so an hour is never left half counted by a later recount
  const cutoff = Math.floor((now - retentionDays * 24 * hourMs) / hourMs) * hourMs;
  let removed = 0;
  for (const table of ["tracking_events", "tracking_reads"] as const) {
    for (;;) {
      const n = await deleteOldRows(db, table, cutoff);
      if (table === "tracking_events") removed += n;
      if (n < deleteChunk) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return removed;
}
