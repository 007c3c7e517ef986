import type { Database } from "@davmu/api/db/schema";
import { rollUpHour } from "@davmu/api/modules/tracking/rollup";
import { upsertHourly } from "@davmu/api/modules/tracking/rollup-repository";
import {
  hourMs,
  type TrackingEventsTable,
  type TrackingHourlyTable,
  trackingDb,
} from "@davmu/api/modules/tracking/tables";
import type { Kysely } from "kysely";

/** Weeks of demo readership, so that the editors' stats page shows real curves on a fresh start. */
const demoDays = 21;
/** The last hours are stored as raw events and counted by the roll-up; older ones as roll-ups. */
const rawHours = 24;

/** A small deterministic generator (mulberry32): the same demo every time for the same `now`. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How busy each hour of a day is (China time): quiet at night, peaks at breakfast, lunch and evening. */
const hourShape = [
  0.25, 0.15, 0.08, 0.05, 0.05, 0.1, 0.35, 0.8, 1, 0.85, 0.7, 0.75, 0.95, 0.8, 0.6, 0.55, 0.6, 0.7, 0.85, 0.95, 1, 0.95,
  0.7, 0.45,
];

function poisson(mean: number, rand: () => number): number {
  if (mean > 30) return Math.max(0, Math.round(mean + Math.sqrt(mean) * (rand() + rand() + rand() - 1.5) * 2));
  const limit = Math.exp(-mean);
  let k = 0;
  let p = rand();
  while (p > limit) {
    k += 1;
    p *= rand();
  }
  return k;
}

const depthOf = (rand: () => number) => {
  const r = rand();
  return r < 0.14
    ? 10 + Math.floor(rand() * 14)
    : r < 0.32
      ? 25 + Math.floor(rand() * 25)
      : r < 0.58
        ? 50 + Math.floor(rand() * 25)
        : r < 0.8
          ? 75 + Math.floor(rand() * 25)
          : 100;
};

/**
 * Generates the demo readership of the given items over the last three weeks: views following the
 * day's rhythm and each item's popularity (with a news spike on one day each), reads of most views
 * with their time and depth, exposures of the cards, and open-app outcomes. Idempotent for a given
 * `now`: event ids and roll-up keys are fixed, and written over.
 */
export async function seedDemoEvents(database: Kysely<Database>, contentIds: readonly number[], now: number) {
  const db = trackingDb(database);
  const lastHour = Math.floor(now / hourMs) * hourMs;
  const firstRaw = lastHour - (rawHours - 1) * hourMs;
  const hourly: TrackingHourlyTable[] = [];
  const raw: TrackingEventsTable[] = [];
  contentIds.forEach((contentId, rank) => {
    const rand = random(contentId * 7919 + 17);
    const popularity = 14 / (rank + 1) ** 0.6;
    const spikeDay = (rank * 5 + 3) % demoDays;
    for (let hour = lastHour - (demoDays * 24 - 1) * hourMs; hour <= lastHour; hour += hourMs) {
      const local = new Date(hour + 8 * hourMs);
      const day = Math.floor((lastHour - hour) / (24 * hourMs));
      const weekend = local.getUTCDay() === 0 || local.getUTCDay() === 6 ? 1.2 : 1;
      const spike = day === spikeDay ? 3.5 : day === spikeDay - 1 ? 1.6 : 1;
      const views = poisson(popularity * (hourShape[local.getUTCHours()] ?? 0.5) * weekend * spike, rand);
      const exposures = views + poisson(views * 2.2 + 0.5, rand);
      const reads: Array<{ duration: number; percent: number }> = [];
      for (let i = 0; i < views; i++) {
        if (rand() < 0.68) reads.push({ duration: 15 + Math.floor(rand() * rand() * 240), percent: depthOf(rand) });
      }
      const outcomes: Record<string, number> = {};
      for (const [name, rate] of [
        ["wechat_tag_tried", 0.06],
        ["wechat_tag_opened", 0.035],
        ["wechat_tag_fell_back", 0.02],
        ["download_tried", 0.012],
      ] as const) {
        const n = poisson(views * rate, rand);
        if (n > 0) outcomes[name] = n;
      }
      if (hour >= firstRaw) {
        const at = hour + Math.floor(rand() * 50) * 60_000;
        const row = (kind: string, i: number, extra: Partial<TrackingEventsTable> = {}): TrackingEventsTable => ({
          event_id: `demo-${contentId}-${hour / hourMs}-${kind}-${i}`,
          content_ids: `[${contentId}]`,
          behavior: kind,
          at,
          hour,
          visit: `demo-${contentId}-${hour / hourMs}-visit-${i}`,
          duration: null,
          percent: null,
          page_type: null,
          series: null,
          outcome: null,
          device_type: i % 3 === 0 ? "IOS" : "Android",
          device_os: i % 3 === 0 ? "iOS 17.4" : "Android 14",
          user_id: `demo-device-${(contentId * 31 + i) % 997}`,
          received_at: at,
          ...extra,
        });
        for (let i = 0; i < views; i++) raw.push(row("view", i));
        for (const [i, r] of reads.entries()) raw.push(row("read", i, { duration: r.duration, percent: r.percent }));
        for (let i = 0; i < exposures; i++)
          raw.push(row("expose", i, { visit: `demo-${contentId}-${hour / hourMs}-x-${i}` }));
        let k = 0;
        for (const [outcome, n] of Object.entries(outcomes)) {
          for (let i = 0; i < n; i++) raw.push(row("open_app", k++, { outcome }));
        }
        continue;
      }
      if (views === 0 && exposures === 0) continue;
      const depth = [0, 0, 0, 0, 0];
      for (const r of reads) {
        const bucket = r.percent >= 100 ? 4 : Math.floor(r.percent / 25);
        depth[bucket] = (depth[bucket] ?? 0) + 1;
      }
      hourly.push({
        content_id: contentId,
        hour,
        views,
        reads: reads.length,
        read_seconds: reads.reduce((sum, r) => sum + r.duration, 0),
        depth_0: depth[0] as number,
        depth_25: depth[1] as number,
        depth_50: depth[2] as number,
        depth_75: depth[3] as number,
        depth_100: depth[4] as number,
        exposures,
        outcomes_json: JSON.stringify(outcomes),
      });
    }
  });
  await upsertHourly(db, hourly);
  for (let i = 0; i < raw.length; i += 800) {
    await db
      .insertInto("tracking_events")
      .values(raw.slice(i, i + 800))
      .onConflict((oc) => oc.column("event_id").doNothing())
      .execute();
  }
  // each read of the raw hours is a visit of its own, counted in its hour
  const reads = raw
    .filter((row) => row.behavior === "read")
    .map((row) => ({
      visit: row.visit,
      content_id: (JSON.parse(row.content_ids) as number[])[0] as number,
      hour: row.hour,
      duration: row.duration ?? 0,
      percent: row.percent ?? 0,
    }));
  for (let i = 0; i < reads.length; i += 800) {
    await db
      .insertInto("tracking_reads")
      .values(reads.slice(i, i + 800))
      .onConflict((oc) => oc.columns(["visit", "content_id"]).doNothing())
      .execute();
  }
  for (let hour = firstRaw; hour <= lastHour; hour += hourMs) await rollUpHour(db, hour);
  return { rollUps: hourly.length, events: raw.length };
}
