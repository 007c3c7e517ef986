import { sql } from "kysely";
import type { TrackingDb } from "../tracking/tables.ts";

/** Which roll-ups a report or export reads: a range of hours (epoch ms), maybe one type or one item. */
export interface StatsFilter {
  start: number;
  end: number;
  contentType?: string | undefined;
  contentId: number | null;
}

const numeric = [
  "views",
  "reads",
  "read_seconds",
  "depth_0",
  "depth_25",
  "depth_50",
  "depth_75",
  "depth_100",
  "exposures",
] as const;

/** The counts of an hourly roll-up row, as the CSV export sums them. */
export type NumericMeasure = (typeof numeric)[number];
export const numericMeasures: readonly NumericMeasure[] = numeric;

const sums = [
  sql<number>`sum(h.views)`.as("views"),
  sql<number>`sum(h.reads)`.as("reads"),
  sql<number>`sum(h.read_seconds)`.as("read_seconds"),
  sql<number>`sum(h.depth_0)`.as("depth_0"),
  sql<number>`sum(h.depth_25)`.as("depth_25"),
  sql<number>`sum(h.depth_50)`.as("depth_50"),
  sql<number>`sum(h.depth_75)`.as("depth_75"),
  sql<number>`sum(h.depth_100)`.as("depth_100"),
  sql<number>`sum(h.exposures)`.as("exposures"),
];

function hourlyOf(db: TrackingDb, filter: StatsFilter) {
  let q = db
    .selectFrom("tracking_hourly as h")
    .innerJoin("contents as c", "c.id", "h.content_id")
    .where("h.hour", ">=", filter.start)
    .where("h.hour", "<", filter.end);
  if (filter.contentType) q = q.where("c.content_type", "=", filter.contentType);
  if (filter.contentId !== null) q = q.where("h.content_id", "=", filter.contentId);
  return q;
}

/** Reads of the editors' statistics (R-STATS-1) from tracking's hourly roll-ups and the contents. */
export const statsStore = {
  /** Every roll-up row of the filter with its item's title and type, by hour then item (the CSV). */
  hourlyRows: (db: TrackingDb, filter: StatsFilter) =>
    hourlyOf(db, filter)
      .select([
        "h.hour",
        "h.content_id",
        "c.title",
        "c.content_type",
        "h.outcomes_json",
        ...numeric.map((n) => `h.${n}` as const),
      ])
      .orderBy("h.hour")
      .orderBy("h.content_id")
      .execute(),

  /**
   * The report's three reads: the sums per hour, the sums per item (most viewed first, at most 500)
   * and the rows with open-app outcomes.
   */
  report: (db: TrackingDb, filter: StatsFilter) =>
    Promise.all([
      hourlyOf(db, filter)
        .select(["h.hour", ...sums])
        .groupBy("h.hour")
        .execute(),
      hourlyOf(db, filter)
        .select(["h.content_id", "c.title", "c.content_type", ...sums])
        .groupBy(["h.content_id", "c.title", "c.content_type"])
        .orderBy(sql`sum(h.views)`, "desc")
        .orderBy("h.content_id")
        .limit(500)
        .execute(),
      hourlyOf(db, filter)
        .select(["h.hour", "h.content_id", "h.outcomes_json"])
        .where("h.outcomes_json", "<>", "{}")
        .execute(),
    ]),
};
