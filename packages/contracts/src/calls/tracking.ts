import { Type } from "typebox";
import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers, Envelope, ErrorEnvelope } from "../envelope.ts";
import { StatsQuery, StatsReport, TrackLogBody, TrackLogRejected, TrackLogResult } from "../tracking.ts";

export const trackerLog = defineCall({
  method: "POST",
  path: "/tracker/log",
  access: "public",
  tags: ["tracking"],
  summary: "Tracking beacon (spec §7, R-TRACK-1, R-TRACK-5): one event or a batch of up to 100",
  description:
    "Each event is checked on its own against TrackEvent (read, view, expose, open_app): a bad one is refused with its " +
    "reason and the others are kept; an event whose event_id was received before is dropped; robots' events are " +
    "ignored; a device (user_id) sending too many events gets 429. The body may be sent as text/plain (navigator.sendBeacon).",
  body: TrackLogBody,
  // 400: the events refused with their reasons, or a body that is no JSON at all (the error envelope)
  responses: {
    200: Envelope(TrackLogResult),
    400: Type.Union([TrackLogRejected, ErrorEnvelope]),
    "4xx": ErrorEnvelope,
  },
  requestId: false,
});

export const editorStats = defineCall({
  method: "GET",
  path: "/editor/v1/stats",
  access: "editor",
  roles: ["analyst"],
  tags: ["editor"],
  summary: "Reading statistics per content item and per day or hour (R-STATS-1)",
  headers: EditorSessionHeaders,
  query: StatsQuery,
  responses: answers(StatsReport),
});

export const editorStatsCsv = defineCall({
  method: "GET",
  path: "/editor/v1/stats.csv",
  access: "editor",
  roles: ["analyst"],
  tags: ["editor"],
  summary: "The statistics per content item as CSV (UTF-8 with BOM)",
  headers: EditorSessionHeaders,
  query: StatsQuery,
  responses: { 200: Type.String({ description: "text/csv" }), "4xx": ErrorEnvelope },
});
