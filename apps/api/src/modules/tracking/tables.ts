import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** A stored event (migrations 007 and 019): one row per event, unique by its id. */
export interface TrackingEventsTable {
  event_id: string;
  /** the content ids its `tid` names, each once, as a JSON array: "[12]", "[12,13]" */
  content_ids: string;
  behavior: string;
  /** epoch ms of the event (its `timestamp`) */
  at: number;
  /** epoch ms of the start of its hour (UTC) */
  hour: number;
  /** the page visit; an event without one is a visit of its own */
  visit: string;
  duration: number | null;
  percent: number | null;
  page_type: string | null;
  series: string | null;
  outcome: string | null;
  device_type: string;
  device_os: string;
  user_id: string;
  received_at: number;
}

/** The counters of a roll-up row, which the stats report sums. */
export interface HourlyCounts {
  views: number;
  reads: number;
  read_seconds: number;
  depth_0: number;
  depth_25: number;
  depth_50: number;
  depth_75: number;
  depth_100: number;
  exposures: number;
}

/** Every counter at zero. */
export const zeroCounts = (): HourlyCounts => ({
  views: 0,
  reads: 0,
  read_seconds: 0,
  depth_0: 0,
  depth_25: 0,
  depth_50: 0,
  depth_75: 0,
  depth_100: 0,
  exposures: 0,
});

/** The events of one content item in one hour, counted (migration 007). */
export interface TrackingHourlyTable extends HourlyCounts {
  content_id: number;
  hour: number;
  /** open-app outcomes by name: {"launched": 3, …} */
  outcomes_json: string;
}

/**
 * A read: one page visit on one content item (migration 017). It counts once, in the hour of its
 * first read event, with the longest time and the deepest scroll of all its read events.
 */
export interface TrackingReadsTable {
  visit: string;
  content_id: number;
  /** epoch ms of the hour the read counts in (its first read event's hour) */
  hour: number;
  duration: number;
  percent: number;
}

export interface TrackingTables {
  tracking_events: TrackingEventsTable;
  tracking_hourly: TrackingHourlyTable;
  tracking_reads: TrackingReadsTable;
}

/** The database as the tracking module sees it: the application's tables and its own. */
export type TrackingDb = Kysely<Database & TrackingTables>;

export function trackingDb(db: Kysely<Database>): TrackingDb {
  return db as unknown as TrackingDb;
}

export const hourMs = 3_600_000;
