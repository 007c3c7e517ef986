import type { PublicIdCodec } from "@davmu/contracts/public-id";
import {
  ExposeEvent,
  maxTrackIds,
  OpenAppEvent,
  ReadEvent,
  type TrackEvent,
  type TrackRejection,
  trackBehaviors,
  ViewEvent,
} from "@davmu/contracts/tracking";
import { Compile } from "typebox/compile";
import { hourMs, type TrackingEventsTable } from "./tables.ts";

const checks = {
  read: Compile(ReadEvent),
  view: Compile(ViewEvent),
  expose: Compile(ExposeEvent),
  open_app: Compile(OpenAppEvent),
} as const;

/** Events may be late (kept on the device and sent on its next visit) but not from the future. */
const futureSlackMs = 10 * 60_000;

export interface CheckedBatch {
  /** rows to store, one per content id of each good event */
  rows: TrackingEventsTable[];
  /** good events: id and device, in batch order */
  events: Array<{ eventId: string; device: string; rows: number }>;
  rejected: TrackRejection[];
}

function reasonOf(value: unknown): string | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return "事件须为 JSON 对象";
  const behavior = (value as { behavior?: unknown }).behavior;
  if (typeof behavior !== "string" || !(trackBehaviors as readonly string[]).includes(behavior)) {
    return `behavior 须为 ${trackBehaviors.join("、")} 之一`;
  }
  const check = checks[behavior as keyof typeof checks];
  if (check.Check(value)) return null;
  for (const error of check.Errors(value)) {
    const field = error.instancePath.replace(/^\//, "") || "事件";
    const params = error.params as { additionalProperties?: string[]; requiredProperties?: string[] } | undefined;
    if (params?.additionalProperties?.length) return `不认识的字段：${params.additionalProperties.join("、")}`;
    if (params?.requiredProperties?.length) return `缺少字段：${params.requiredProperties.join("、")}`;
    return `${field}：${error.message}`;
  }
  return "事件不合规范";
}

/**
 * Checks each event of a batch on its own (R-TRACK-5): its declaration (`TrackEvent` for its
 * behavior), its time (not in the future, not older than the raw events are kept), and its content
 * ids (public ids of this deployment). Good events become rows; bad ones get their reason.
 */
export function checkBatch(
  values: readonly unknown[],
  options: { codec: PublicIdCodec; now: number; retentionMs: number },
): CheckedBatch {
  const out: CheckedBatch = { rows: [], events: [], rejected: [] };
  for (const [index, value] of values.entries()) {
    const eventId =
      typeof value === "object" && value !== null && typeof (value as { event_id?: unknown }).event_id === "string"
        ? ((value as { event_id: string }).event_id as string)
        : null;
    const refuse = (reason: string) => {
      out.rejected.push({ index, event_id: eventId, reason });
    };
    const reason = reasonOf(value);
    if (reason) {
      refuse(reason);
      continue;
    }
    const event = value as TrackEvent;
    const at = event.timestamp * 1000;
    if (at > options.now + futureSlackMs) {
      refuse("timestamp：时间在未来");
      continue;
    }
    if (at < options.now - options.retentionMs) {
      refuse("timestamp：时间过早，超出保留期限");
      continue;
    }
    const ids = event.tid.split("|");
    if (ids.length > maxTrackIds) {
      refuse(`tid：至多 ${maxTrackIds} 个内容 id`);
      continue;
    }
    const contentIds: number[] = [];
    const unknown = ids.find((publicId) => {
      const id = options.codec.decode(publicId);
      if (id !== null && !contentIds.includes(id)) contentIds.push(id);
      return id === null;
    });
    if (unknown !== undefined) {
      refuse(`tid：无效的内容 id ${unknown}`);
      continue;
    }
    for (const contentId of contentIds) {
      out.rows.push({
        event_id: event.event_id,
        content_id: contentId,
        behavior: event.behavior,
        at,
        hour: Math.floor(at / hourMs) * hourMs,
        visit: event.visit ?? event.event_id,
        duration: event.behavior === "read" ? event.duration : null,
        percent: event.behavior === "read" ? event.percent : null,
        page_type: event.behavior === "view" ? (event.page_type ?? null) : null,
        series: event.behavior === "view" ? (event.series ?? null) : null,
        outcome: event.behavior === "open_app" ? event.outcome : null,
        device_type: event.device_type,
        device_os: event.device_os,
        user_id: event.user_id,
        received_at: options.now,
      });
    }
    out.events.push({ eventId: event.event_id, device: event.user_id, rows: contentIds.length });
  }
  return out;
}

/**
 * Event ids seen lately by this process: a re-sent event is answered as a duplicate at once. The
 * database's unique key (event_id, content_id) is what stores it once, across processes too.
 */
export function recentIds(capacity: number) {
  const seen = new Set<string>();
  return {
    has: (id: string) => seen.has(id),
    add(id: string) {
      seen.add(id);
      if (seen.size > capacity) {
        // sets iterate in insertion order: the oldest goes
        const oldest = seen.values().next().value;
        if (oldest !== undefined) seen.delete(oldest);
      }
    },
  };
}

/** Events per device per minute, counted in this process (a fixed one-minute window). */
export function deviceLimiter(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  return {
    /** Whether each device may send `count` more events; when all may, they are counted. */
    take(counts: ReadonlyMap<string, number>): boolean {
      const t = now();
      if (windows.size > 50_000) {
        for (const [device, w] of windows) if (t - w.start >= 60_000) windows.delete(device);
      }
      for (const device of counts.keys()) {
        const w = windows.get(device);
        if (w && t - w.start < 60_000 && w.count >= perMinute) return false;
      }
      for (const [device, count] of counts) {
        const w = windows.get(device);
        if (!w || t - w.start >= 60_000) windows.set(device, { start: t, count });
        else w.count += count;
      }
      return true;
    },
  };
}
