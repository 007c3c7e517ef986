import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { StatsItem, StatsPoint, StatsQuery, StatsReport } from "@davmu/contracts/tracking";
import { type HourlyCounts, hourMs, type TrackingDb, zeroCounts } from "../tracking/tables.ts";
import { statsStore } from "./repository.ts";

/** Days and hours are China's (UTC+8): editors read "today" as their own. */
const zoneMs = 8 * hourMs;
const dayMs = 24 * hourMs;
/** Longest range: about a quarter by day, a month by hour. */
const maxDays = { day: 184, hour: 31 } as const;

type Measures = Omit<StatsItem, "post_id" | "title" | "content_type">;

export function dayOf(ms: number): string {
  return new Date(ms + zoneMs).toISOString().slice(0, 10);
}
function hourLabel(ms: number): string {
  const iso = new Date(ms + zoneMs).toISOString();
  return `${iso.slice(0, 10)} ${iso.slice(11, 13)}:00`;
}
/** Epoch ms of the start of a day (UTC+8). */
function dayStart(day: string): number {
  return Date.parse(`${day}T00:00:00Z`) - zoneMs;
}

export class RangeError400 extends Error {}

/** The range asked for, checked: by default the last 14 days up to today. */
export function resolveRange(query: StatsQuery, now: number): { from: string; to: string; start: number; end: number } {
  const to = query.to ?? dayOf(now);
  const from = query.from ?? dayOf(dayStart(to) - 13 * dayMs);
  const start = dayStart(from);
  const end = dayStart(to) + dayMs;
  if (Number.isNaN(start) || Number.isNaN(end)) throw new RangeError400("日期无效");
  if (end <= start) throw new RangeError400("开始日期不能晚于结束日期");
  const limit = maxDays[query.granularity ?? "day"];
  if ((end - start) / dayMs > limit)
    throw new RangeError400(`所选范围过长：按${query.granularity === "hour" ? "小时" : "天"}最多 ${limit} 天`);
  return { from, to, start, end };
}

type SumRow = HourlyCounts;

const zero = zeroCounts;

function measures(row: SumRow | undefined, outcomes: Record<string, number>): Measures {
  const n = (v: unknown) => Number(v ?? 0);
  const views = n(row?.views);
  const reads = n(row?.reads);
  const exposures = n(row?.exposures);
  return {
    views,
    reads,
    avg_read_seconds: reads > 0 ? Math.round((n(row?.read_seconds) / reads) * 10) / 10 : 0,
    depth: [n(row?.depth_0), n(row?.depth_25), n(row?.depth_50), n(row?.depth_75), n(row?.depth_100)],
    exposures,
    exposure_view_rate: exposures > 0 ? Math.round((views / exposures) * 1000) / 1000 : null,
    open_app: outcomes,
  };
}

function addOutcomes(into: Record<string, number>, json: string) {
  try {
    for (const [name, count] of Object.entries(JSON.parse(json) as Record<string, number>)) {
      into[name] = (into[name] ?? 0) + Number(count);
    }
  } catch {
    // a roll-up row is always written as JSON; nothing to add otherwise
  }
}

/**
 * The editors' report (R-STATS-1) from the hourly roll-ups: totals, a series per day or hour
 * (every step of the range, empty ones as zeros) and the items, most viewed first, each with views,
 * reads, average read time, scroll depth, exposures, the exposure → view rate and open-app outcomes.
 */
export async function statsReport(
  db: TrackingDb,
  codec: PublicIdCodec,
  query: StatsQuery,
  now = Date.now(),
): Promise<StatsReport> {
  const granularity = query.granularity ?? "day";
  const range = resolveRange(query, now);
  const contentId = query.post_id ? codec.decode(query.post_id) : null;
  if (query.post_id && contentId === null) throw new RangeError400("post_id 无效");
  const [byHour, byItem, outcomeRows] = await statsStore.report(db, {
    start: range.start,
    end: range.end,
    contentType: query.content_type,
    contentId,
  });

  const step = granularity === "day" ? dayMs : hourMs;
  const keyOf = (hour: number) => (granularity === "day" ? dayStart(dayOf(hour)) : hour);
  const buckets = new Map<number, SumRow>();
  const bucketOutcomes = new Map<number, Record<string, number>>();
  const itemOutcomes = new Map<number, Record<string, number>>();
  const totals = zero();
  const totalOutcomes: Record<string, number> = {};
  for (const row of byHour) {
    const key = keyOf(Number(row.hour));
    const bucket = buckets.get(key) ?? zero();
    for (const field of Object.keys(totals) as Array<keyof SumRow>) {
      bucket[field] += Number(row[field] ?? 0);
      totals[field] += Number(row[field] ?? 0);
    }
    buckets.set(key, bucket);
  }
  for (const row of outcomeRows) {
    const key = keyOf(Number(row.hour));
    const b = bucketOutcomes.get(key) ?? {};
    addOutcomes(b, row.outcomes_json);
    bucketOutcomes.set(key, b);
    const i = itemOutcomes.get(Number(row.content_id)) ?? {};
    addOutcomes(i, row.outcomes_json);
    itemOutcomes.set(Number(row.content_id), i);
    addOutcomes(totalOutcomes, row.outcomes_json);
  }
  const series: StatsPoint[] = [];
  // up to the step now is in: the hours still to come of today are not drawn as zeros
  const stop = Math.min(range.end, keyOf(Math.floor(now / hourMs) * hourMs) + step);
  for (let t = range.start; t < stop; t += step) {
    series.push({
      at: granularity === "day" ? dayOf(t) : hourLabel(t),
      ...measures(buckets.get(t), bucketOutcomes.get(t) ?? {}),
    });
  }
  const items: StatsItem[] = byItem.map((row) => ({
    post_id: codec.encode(Number(row.content_id)),
    title: row.title,
    content_type: row.content_type,
    ...measures(row as unknown as SumRow, itemOutcomes.get(Number(row.content_id)) ?? {}),
  }));
  return { from: range.from, to: range.to, granularity, totals: measures(totals, totalOutcomes), series, items };
}
