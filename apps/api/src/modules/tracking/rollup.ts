import { rollupStore } from "./rollup-repository.ts";
import { hourMs, type TrackingDb, type TrackingHourlyTable, zeroCounts } from "./tables.ts";

/** Scroll depth buckets of a read, by its deepest percent: under 25, 25–49, 50–74, 75–99, 100. */
export const depthColumns = ["depth_0", "depth_25", "depth_50", "depth_75", "depth_100"] as const;

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
  const { counts, reads } = await rollupStore.hourCounts(db, hour);

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
  await rollupStore.upsertHourly(db, values);
  return values.length;
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
      const n = await rollupStore.deleteOldRows(db, table, cutoff);
      if (table === "tracking_events") removed += n;
      if (n < rollupStore.deleteChunk) break;
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return removed;
}
