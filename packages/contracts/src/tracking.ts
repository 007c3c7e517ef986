import { type Static, Type } from "typebox";

/**
 * The tracking beacon of spec §7 (R-TRACK-1..5): one event, or a batch of them, POSTed as JSON to
 * `{stat base}/tracker/log`. The fields of the spec (timestamp in seconds, version '1', terminal
 * 'wap', tid, behavior, device_type, device_os, user_id, and duration and percent for a read) are
 * kept as they are; `event_id` makes a retried or re-sent event count once, `visit` ties the read
 * events of one page visit together, and a view carries the page type and series of R-ENT-STATS.
 */

const Id = (description: string) =>
  Type.String({ minLength: 8, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$", description });

/** What a visitor did: read a detail page, viewed it (the statistics call), saw a card, or an open-app step. */
export const trackBehaviors = ["read", "view", "expose", "open_app"] as const;
export type TrackBehavior = (typeof trackBehaviors)[number];

/** Most events one request may carry. */
export const maxTrackBatch = 100;
/** Most content ids one event's `tid` may join. */
export const maxTrackIds = 50;

const common = {
  event_id: Id("unique id of this event, made by the page; an event sent again is stored once"),
  timestamp: Type.Integer({ minimum: 1_500_000_000, maximum: 4_000_000_000, description: "seconds since 1970" }),
  version: Type.Literal("1"),
  terminal: Type.Literal("wap"),
  tid: Type.String({
    minLength: 1,
    maxLength: 64 * maxTrackIds,
    pattern: "^[A-Za-z0-9_-]{1,64}(\\|[A-Za-z0-9_-]{1,64})*$",
    description: "public content ids joined by '|'",
  }),
  device_type: Type.Union([Type.Literal("Android"), Type.Literal("IOS")]),
  // no control character or lone surrogate: PostgreSQL's text takes neither
  device_os: Type.String({
    minLength: 1,
    maxLength: 64,
    pattern: "^(?:[^\\x00-\\x1f\\x7f\\ud800-\\udfff]|[\\ud800-\\udbff][\\udc00-\\udfff])+$",
  }),
  user_id: Id("the device's generated id (DEVICE_META.user_id)"),
  visit: Type.Optional(Id("one page visit: its read events are one read")),
};

export const ReadEvent = Type.Object(
  {
    ...common,
    behavior: Type.Literal("read"),
    duration: Type.Integer({ minimum: 0, maximum: 86_400, description: "seconds the page was read so far" }),
    percent: Type.Integer({ minimum: 0, maximum: 100, description: "deepest scroll so far, in percent" }),
  },
  { additionalProperties: false },
);

export const ViewEvent = Type.Object(
  {
    ...common,
    behavior: Type.Literal("view"),
    page_type: Type.Optional(Type.String({ maxLength: 64, pattern: "^[A-Za-z_]*$" })),
    series: Type.Optional(Type.String({ maxLength: 64, pattern: "^[A-Za-z_]*$" })),
  },
  { additionalProperties: false },
);

export const ExposeEvent = Type.Object(
  { ...common, behavior: Type.Literal("expose") },
  { additionalProperties: false },
);

/** A step of the open-app chain (R-SHARE-3): which one, and how it ended. */
export const OpenAppEvent = Type.Object(
  {
    ...common,
    behavior: Type.Literal("open_app"),
    outcome: Type.String({ minLength: 1, maxLength: 32, pattern: "^[a-z][a-z0-9_]*$" }),
  },
  { additionalProperties: false },
);

/** One event: what each element of a batch is checked against, on its own. */
export const TrackEvent = Type.Union([ReadEvent, ViewEvent, ExposeEvent, OpenAppEvent]);
export type TrackEvent = Static<typeof TrackEvent>;

/**
 * The body: one event, or an array of up to `maxTrackBatch`. Only the shape is checked here; each
 * event is checked against `TrackEvent` on its own, so one bad event does not lose the batch.
 */
export const TrackLogBody = Type.Union([
  Type.Array(Type.Unknown(), { minItems: 1, maxItems: maxTrackBatch }),
  Type.Object({}, { additionalProperties: true }),
]);

export const TrackRejection = Type.Object({
  index: Type.Integer({ minimum: 0, description: "position in the batch (0 for a single event)" }),
  event_id: Type.Union([Type.String(), Type.Null()]),
  reason: Type.String({ description: "why the event was refused" }),
});
export type TrackRejection = Static<typeof TrackRejection>;

export const TrackLogResult = Type.Object({
  accepted: Type.Integer({ minimum: 0, description: "events taken (stored within a second)" }),
  duplicates: Type.Integer({ minimum: 0, description: "events already received, dropped" }),
  ignored: Type.Integer({ minimum: 0, description: "events of robots, dropped" }),
  rejected: Type.Array(TrackRejection),
});
export type TrackLogResult = Static<typeof TrackLogResult>;

/** A batch of which no event could be taken: every event's reason. */
export const TrackLogRejected = Type.Object({
  code: Type.Integer({ minimum: 1 }),
  msg: Type.String(),
  data: Type.Object({ rejected: Type.Array(TrackRejection) }),
});

/* ---- the editors' stats (R-STATS-1) ---- */

// months 01–12 and days 01–31 only: "2026-15-77" is refused as a 400, not read as an invalid date
const Day = Type.String({
  pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$",
  description: "a day, YYYY-MM-DD (UTC+8)",
});

export const StatsQuery = Type.Object({
  from: Type.Optional(Day),
  to: Type.Optional(Day),
  granularity: Type.Union([Type.Literal("day"), Type.Literal("hour")], { default: "day" }),
  content_type: Type.Optional(Type.String({ maxLength: 32, pattern: "^[a-z_]+$" })),
  /** One item's public id: its series only. */
  post_id: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" })),
});
export type StatsQuery = Static<typeof StatsQuery>;

/** Scroll depth of reads, by deepest percent: under 25, 25–49, 50–74, 75–99, 100. */
export const DepthBuckets = Type.Array(Type.Integer({ minimum: 0 }), { minItems: 5, maxItems: 5 });

const Measures = {
  views: Type.Integer({ minimum: 0 }),
  reads: Type.Integer({ minimum: 0 }),
  avg_read_seconds: Type.Number({ minimum: 0 }),
  depth: DepthBuckets,
  exposures: Type.Integer({ minimum: 0 }),
  /** views / exposures, null without exposures */
  exposure_view_rate: Type.Union([Type.Number({ minimum: 0 }), Type.Null()]),
  open_app: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: "open-app outcomes by name" }),
};

export const StatsPoint = Type.Object({
  at: Type.String({ description: "the day (YYYY-MM-DD) or hour (YYYY-MM-DD HH:00), UTC+8" }),
  ...Measures,
});
export const StatsItem = Type.Object({
  post_id: Type.String(),
  title: Type.String(),
  content_type: Type.String(),
  ...Measures,
});
export const StatsReport = Type.Object({
  from: Day,
  to: Day,
  granularity: Type.Union([Type.Literal("day"), Type.Literal("hour")]),
  totals: Type.Object(Measures),
  series: Type.Array(StatsPoint),
  items: Type.Array(StatsItem),
});
export type StatsReport = Static<typeof StatsReport>;
export type StatsPoint = Static<typeof StatsPoint>;
export type StatsItem = Static<typeof StatsItem>;
