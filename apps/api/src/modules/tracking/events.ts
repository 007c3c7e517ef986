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
import { endingOrder } from "../../lib/ending-order.ts";

const minuteMs = 60_000;

const checks = {
  read: Compile(ReadEvent),
  view: Compile(ViewEvent),
  expose: Compile(ExposeEvent),
  open_app: Compile(OpenAppEvent),
} as const;

/** Events may be late (kept on the device and sent on its next visit) but not from the future. */
const futureSlackMs = 10 * 60_000;

/** A good event of a batch: where it is, its id, its device and the content ids its `tid` names. */
export interface CheckedEvent {
  index: number;
  eventId: string;
  device: string;
  contentIds: number[];
}

export interface CheckedBatch {
  /** good events, in batch order */
  events: CheckedEvent[];
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
 * ids (public ids of this deployment). Good events are listed with their content ids; bad ones get
 * their reason. Nothing else is built here: the rows are made from the batch by the writer
 * (store.ts), off the request path.
 */
export function checkBatch(
  values: readonly unknown[],
  options: { codec: PublicIdCodec; now: number; retentionMs: number },
): CheckedBatch {
  const out: CheckedBatch = { events: [], rejected: [] };
  const latest = options.now + futureSlackMs;
  const earliest = options.now - options.retentionMs;
  for (let index = 0; index < values.length; index++) {
    const value = values[index];
    const reason = reasonOf(value);
    if (reason) {
      const id = typeof value === "object" && value !== null ? (value as { event_id?: unknown }).event_id : null;
      out.rejected.push({ index, event_id: typeof id === "string" ? id : null, reason });
      continue;
    }
    const event = value as TrackEvent;
    const refuse = (why: string) => out.rejected.push({ index, event_id: event.event_id, reason: why });
    const at = event.timestamp * 1000;
    if (at > latest) {
      refuse("timestamp：时间在未来");
      continue;
    }
    if (at < earliest) {
      refuse("timestamp：时间过早，超出保留期限");
      continue;
    }
    const contentIds = contentIdsOf(event.tid, options.codec);
    if (typeof contentIds === "string") {
      refuse(contentIds);
      continue;
    }
    out.events.push({ index, eventId: event.event_id, device: event.user_id, contentIds });
  }
  return out;
}

/** The content ids a `tid` names (each once), or why it names none. */
function contentIdsOf(tid: string, codec: PublicIdCodec): number[] | string {
  if (tid.indexOf("|") < 0) {
    const id = codec.decode(tid);
    return id === null ? `tid：无效的内容 id ${tid}` : [id];
  }
  const ids = tid.split("|");
  if (ids.length > maxTrackIds) return `tid：至多 ${maxTrackIds} 个内容 id`;
  const contentIds: number[] = [];
  for (const publicId of ids) {
    const id = codec.decode(publicId);
    if (id === null) return `tid：无效的内容 id ${publicId}`;
    if (!contentIds.includes(id)) contentIds.push(id);
  }
  return contentIds;
}

/** A 32-bit FNV-1a hash of a string's UTF-16 units, never 0 (0 marks an empty slot). */
export function hashOf(id: string): number {
  let h = 0x811c9dc5 | 0;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h | 1;
}

/**
 * Event ids seen lately by this process: a re-sent event is answered as a duplicate at once. The
 * database's unique key on the event id is what stores it once, across processes too. Two
 * generations of at most `capacity / 2` ids each: when the newer is full it becomes the older and the
 * older is dropped, so an id is remembered for at least `capacity / 2` later ids, in constant time.
 * (One set whose oldest id was deleted at each insert cost time growing with the deleted ids that
 * iteration skips: milliseconds per batch once full.)
 *
 * Each generation is a table of the ids' hashes (an `Int32Array`, open addressing, at most half
 * full) and, beside each hash, where its id is in a list of the generation's ids in order of arrival:
 * a lookup reads one or two hashes in a flat array and compares an id only where its hash is there,
 * so an id is a duplicate only when equal to one seen. Two JavaScript `Set`s of strings cost about
 * twice as much here (each entry they walk is a string elsewhere in the heap, read for its hash:
 * 15–20 µs of CPU against 8–9 µs for a batch's 20 ids, measured alone). The ids are pushed onto a list
 * rather than written into an array of one slot per hash: such an array of 2^19 holes took 15 ms to
 * make, twice at each process start (and each test server's) and once more on the request path at
 * every turn of the generations, against about 1 ms for the two typed tables. A lookup costs about
 * 0.1 µs more an id (8.5–8.8 against 6.1–6.7 µs for 20 new ids, measured alone).
 */
export function recentIds(capacity: number) {
  const half = Math.max(1, Math.floor(capacity / 2));
  let slots = 2;
  while (slots < half * 2) slots *= 2;
  const mask = slots - 1;
  /** `hashes[i]` a hash (0: empty slot), `at[i]` where its id is in `ids` */
  const generation = () => ({ hashes: new Int32Array(slots), at: new Int32Array(slots), ids: [] as string[] });
  let older = generation();
  let newer = generation();
  const holds = (g: ReturnType<typeof generation>, id: string, h: number) => {
    for (let i = h & mask; ; i = (i + 1) & mask) {
      const hash = g.hashes[i];
      if (hash === 0) return false;
      if (hash === h && g.ids[g.at[i] as number] === id) return true;
    }
  };
  return {
    has(id: string): boolean {
      const h = hashOf(id);
      return holds(newer, id, h) || holds(older, id, h);
    },
    add(id: string) {
      if (newer.ids.length >= half) {
        older = newer;
        newer = generation();
      }
      const h = hashOf(id);
      const { hashes, at, ids } = newer;
      let i = h & mask;
      while (hashes[i] !== 0) {
        if (hashes[i] === h && ids[at[i] as number] === id) return;
        i = (i + 1) & mask;
      }
      hashes[i] = h;
      at[i] = ids.length;
      ids.push(id);
    },
    size: () => older.ids.length + newer.ids.length,
  };
}

/** Whether a user agent is a robot's, remembered for the few agents that send most beacons. */
export function botCheck(isBot: (userAgent: string) => boolean, capacity = 2000) {
  const known = new Map<string, boolean>();
  return (userAgent: string): boolean => {
    let bot = known.get(userAgent);
    if (bot === undefined) {
      bot = isBot(userAgent);
      if (known.size >= capacity) known.clear();
      known.set(userAgent, bot);
    }
    return bot;
  };
}

/**
 * Events per device per minute, counted in this process (a fixed one-minute window from the device's
 * first event). The ended windows are dropped in the order they started (lib/ending-order.ts): a
 * batch costs the same with a hundred devices in the minute or a million. (Sweeping every window once
 * 50,000 were kept cost each batch time growing with the devices of the last minute: 0.8 ms at 80,000.)
 */
export function deviceLimiter(perMinute: number, now: () => number = Date.now) {
  const windows = new Map<string, { start: number; count: number }>();
  const ending = endingOrder();
  // the device's window may have started again since: only the one that ended goes
  const end = (device: string, endsAt: number) => {
    if (windows.get(device)?.start === endsAt - minuteMs) windows.delete(device);
  };
  return {
    /** Whether each device may send `count` more events; when all may, they are counted. */
    take(counts: ReadonlyMap<string, number>): boolean {
      const t = now();
      ending.expire(t, end);
      for (const device of counts.keys()) {
        const w = windows.get(device);
        if (w && t - w.start < minuteMs && w.count >= perMinute) return false;
      }
      for (const [device, count] of counts) {
        const w = windows.get(device);
        if (w && t - w.start < minuteMs) w.count += count;
        else {
          windows.set(device, { start: t, count });
          ending.add(device, t + minuteMs);
        }
      }
      return true;
    },
    /** Devices with a window open. */
    size: () => windows.size,
  };
}
