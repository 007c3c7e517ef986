import { sql } from "kysely";
import { hourMs, type TrackingDb, type TrackingHourlyTable, zeroCounts } from "./tables.ts";

/** Scroll depth buckets of a read, by its deepest percent: under 25, 25–49, 50–74, 75–99, 100. */
export const depthColumns = ["depth_0", "depth_25", "depth_50", "depth_75", "depth_100"] as const;

function emptyRow(contentId: number, hour: number): TrackingHourlyTable {
  return { content_id: contentId, hour, ...zeroCounts(), outcomes_json: "{}" };
}

/**
 * Counts one hour of raw events again into its roll-up rows, one per content item. Views,
 * exposures and open-app outcomes are events; a read is a visit: its read events (sent as the visitor
 * reads on, each with the time so far and the deepest scroll so far) count once, with their largest
 * duration and percent. Recounting from the raw events makes a roll-up right however often it runs,
 * and in whichever process; two writing the same hour write the same numbers.
 */
export async function rollUpHour(db: TrackingDb, hour: number): Promise<number> {
  const counts = await db
    .selectFrom("tracking_events")
    .select(["content_id", "behavior", "outcome", (eb) => eb.fn.countAll<number>().as("n")])
    .where("hour", "=", hour)
    .where("behavior", "<>", "read")
    .groupBy(["content_id", "behavior", "outcome"])
    .execute();
  const visits = db
    .selectFrom("tracking_events")
    .select(["content_id", "visit", (eb) => eb.fn.max("duration").as("d"), (eb) => eb.fn.max("percent").as("p")])
    .where("hour", "=", hour)
    .where("behavior", "=", "read")
    .groupBy(["content_id", "visit"])
    .as("v");
  const reads = await db
    .selectFrom(visits)
    .select([
      "v.content_id",
      (eb) => eb.fn.countAll<number>().as("reads"),
      sql<number>`coalesce(sum(v.d), 0)`.as("seconds"),
      sql<number>`sum(case when v.p < 25 then 1 else 0 end)`.as("depth_0"),
      sql<number>`sum(case when v.p >= 25 and v.p < 50 then 1 else 0 end)`.as("depth_25"),
      sql<number>`sum(case when v.p >= 50 and v.p < 75 then 1 else 0 end)`.as("depth_50"),
      sql<number>`sum(case when v.p >= 75 and v.p < 100 then 1 else 0 end)`.as("depth_75"),
      sql<number>`sum(case when v.p >= 100 then 1 else 0 end)`.as("depth_100"),
    ])
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

/** Hours with events received since `since` (epoch ms): those whose roll-ups may be behind. */
export async function hoursReceivedSince(db: TrackingDb, since: number): Promise<number[]> {
  const rows = await db
    .selectFrom("tracking_events")
    .select("hour")
    .distinct()
    .where("received_at", ">=", since)
    .execute();
  return rows.map((row) => Number(row.hour));
}

/** Removes raw events older than the retention (their roll-ups stay); answers how many went. */
export async function removeExpiredEvents(db: TrackingDb, now: number, retentionDays: number): Promise<number> {
  // whole hours only, so an hour is never left half counted by a later recount
  const cutoff = Math.floor((now - retentionDays * 24 * hourMs) / hourMs) * hourMs;
  const result = await db.deleteFrom("tracking_events").where("hour", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
