import type { ChatMessage } from "@davmu/contracts/live";
import { liveUnknownRoom } from "@davmu/contracts/live-values";
import type { LiveEvent, LiveFanout } from "./fanout.ts";
import type { LiveRoomRow } from "./tables.ts";

/** One subscription of a socket to a room: where its stream stands, and how to send it a frame. */
export interface Subscriber {
  /** Sends one text frame (UTF-8 bytes when shared by many); the socket decides what a slow reader gets (4429). */
  send(frame: string | Buffer): void;
  /** The highest seq this subscriber has been sent (or said it had); later ones only. */
  cursor: number;
}

/** What the hub reads from the database. */
export interface HubStore {
  /** The room behind a live_id, or null when there is none. */
  room(liveId: string): Promise<{ contentId: number; row: LiveRoomRow } | null>;
  /** Published messages after `since`, ascending, at most `limit`. */
  after(contentId: number, since: number, limit: number): Promise<ChatMessage[]>;
  latest(contentId: number, limit: number): Promise<ChatMessage[]>;
  /** Current counters of rooms, to catch up what the fan-out missed (Redis away). */
  rows(contentIds: number[]): Promise<LiveRoomRow[]>;
  /** Upcoming rooms among these whose start time has come, moved to live by this call. */
  startDue(contentIds: number[]): Promise<LiveRoomRow[]>;
}

export interface HubOptions {
  /** Messages per room kept for resuming; a client further behind is told to resync. */
  historySize: number;
  /** How long a seq gap waits for the fan-out before it is filled from the database. */
  gapWaitMs?: number;
  /** Period of online counts, likes flushes and the database check of active rooms. */
  tickMs?: number;
}

interface Room {
  liveId: string;
  contentId: number;
  subscribers: Set<Subscriber>;
  /** False while the history is read: messages then wait in `pending`. */
  ready: boolean;
  /** The latest messages, ascending and consecutive, at most historySize. */
  ring: ChatMessage[];
  /** The highest seq delivered here, in order. */
  delivered: number;
  /** Messages that came before their predecessors, by seq. */
  pending: Map<number, ChatMessage>;
  gapTimer: NodeJS.Timeout | null;
  filling: boolean;
  status: number;
  startTime: number;
  likesTotal: number;
  likesDelta: number;
  likesSentAt: number;
  likesTimer: NodeJS.Timeout | null;
  onlineSent: number;
  /** Viewers connected to the other instances, as last counted. */
  onlineElsewhere: number;
  idleSince: number;
}

const frame = (value: object) => JSON.stringify(value);
/** A frame for many subscribers, encoded once. */
const shared = (value: object) => Buffer.from(JSON.stringify(value));
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The live rooms of this instance (R-LIVE-1, R-LIVE-2): who is subscribed where, each room's recent
 * chat for resuming, and what reaches subscribers. Messages are delivered in seq order only: one that
 * arrives before its predecessor waits for it (briefly, then the gap is read from the database), so a
 * subscriber sees every seq once, consecutive, whichever instance stored it. Likes are coalesced and
 * online counts sent at most once a tick (a second) per room; every tick the active rooms are also
 * compared with the database, so what the fan-out missed (Redis away) still arrives.
 */
export function createHub(store: HubStore, fanout: LiveFanout, options: HubOptions) {
  const rooms = new Map<string, Room>();
  const loading = new Map<string, Promise<Room | null>>();
  const gapWaitMs = options.gapWaitMs ?? 300;
  const tickMs = options.tickMs ?? 1000;
  let closed = false;

  function broadcast(room: Room, text: Buffer) {
    for (const subscriber of room.subscribers) subscriber.send(text);
  }

  function deliver(room: Room, message: ChatMessage) {
    room.delivered = message.seq;
    room.ring.push(message);
    if (room.ring.length > options.historySize) room.ring.splice(0, room.ring.length - options.historySize);
    const text = shared({ type: "chat", room: room.liveId, seq: message.seq, message });
    for (const subscriber of room.subscribers) {
      if (message.seq <= subscriber.cursor) continue;
      subscriber.cursor = message.seq;
      subscriber.send(text);
    }
  }

  function drain(room: Room) {
    for (let next = room.pending.get(room.delivered + 1); next; next = room.pending.get(room.delivered + 1)) {
      room.pending.delete(next.seq);
      deliver(room, next);
    }
    for (const seq of room.pending.keys()) if (seq <= room.delivered) room.pending.delete(seq);
    if (room.pending.size > 0) scheduleGapFill(room);
  }

  function receiveChat(room: Room, message: ChatMessage) {
    if (!room.ready) {
      room.pending.set(message.seq, message);
      return;
    }
    if (message.seq <= room.delivered) return;
    if (message.seq === room.delivered + 1) {
      deliver(room, message);
      drain(room);
      return;
    }
    room.pending.set(message.seq, message);
    scheduleGapFill(room);
  }

  function scheduleGapFill(room: Room) {
    if (room.gapTimer || closed) return;
    room.gapTimer = setTimeout(() => {
      room.gapTimer = null;
      void fillFromDatabase(room);
    }, gapWaitMs);
  }

  /** Reads the messages after what was delivered from the database, in pages, until caught up with `upTo`. */
  async function fillFromDatabase(room: Room, upTo = Number.POSITIVE_INFINITY) {
    if (room.filling) return;
    room.filling = true;
    try {
      while (!closed && (room.pending.size > 0 || room.delivered < upTo)) {
        const page = await store.after(room.contentId, room.delivered, 200);
        if (page.length === 0) break;
        for (const message of page) receiveChat(room, message);
        if (page.length < 200) break;
      }
    } catch {
      // the database is away: the next tick tries again
    } finally {
      room.filling = false;
    }
  }

  function receiveLikes(room: Room, total: number, delta: number) {
    room.likesTotal = Math.max(room.likesTotal, total);
    room.likesDelta += delta;
    if (room.likesTimer || closed) return;
    const wait = Math.max(0, room.likesSentAt + tickMs - Date.now());
    room.likesTimer = setTimeout(() => {
      room.likesTimer = null;
      room.likesSentAt = Date.now();
      const delta = room.likesDelta;
      room.likesDelta = 0;
      broadcast(room, shared({ type: "likes", room: room.liveId, total: room.likesTotal, delta }));
    }, wait);
  }

  function receiveStatus(room: Room, status: number, startTime: number) {
    if (room.status === status) return;
    room.status = status;
    room.startTime = startTime;
    broadcast(room, shared({ type: "status", room: room.liveId, status, start_time: iso(startTime) }));
  }

  function onEvent(event: LiveEvent) {
    const room = rooms.get(event.room);
    if (!room) return;
    if (event.t === "chat") receiveChat(room, event.message);
    else if (event.t === "likes") receiveLikes(room, event.total, event.delta);
    else receiveStatus(room, event.status, event.startTime);
  }
  fanout.listen(onEvent);

  async function load(liveId: string): Promise<Room | null> {
    const found = await store.room(liveId);
    if (!found) return null;
    const existing = rooms.get(liveId);
    if (existing) return existing;
    const room: Room = {
      liveId,
      contentId: found.contentId,
      subscribers: new Set(),
      ready: false,
      ring: [],
      delivered: 0,
      pending: new Map(),
      gapTimer: null,
      filling: false,
      status: Number(found.row.status),
      startTime: Number(found.row.start_time),
      likesTotal: Number(found.row.like_count),
      likesDelta: 0,
      likesSentAt: 0,
      likesTimer: null,
      onlineSent: -1,
      onlineElsewhere: 0,
      idleSince: Date.now(),
    };
    // from now on, messages of the fan-out wait in `pending` until the history is read
    rooms.set(liveId, room);
    try {
      const history = await store.latest(room.contentId, options.historySize);
      room.ring = history;
      room.delivered = history.at(-1)?.seq ?? 0;
    } catch (error) {
      rooms.delete(liveId);
      throw error;
    }
    room.ready = true;
    drain(room);
    return room;
  }

  /** The room of a live_id, loaded once however many subscribe at the same time. */
  function roomOf(liveId: string): Promise<Room | null> {
    const present = rooms.get(liveId);
    if (present?.ready) return Promise.resolve(present);
    let pending = loading.get(liveId);
    if (!pending) {
      pending = load(liveId).finally(() => loading.delete(liveId));
      loading.set(liveId, pending);
    }
    return pending;
  }

  const online = (room: Room) => room.subscribers.size + room.onlineElsewhere;

  /** Counts viewers across instances, sends changed counts, flushes nothing else; checks rooms against the database. */
  async function tick() {
    const active = [...rooms.values()];
    const local = new Map(active.map((room) => [room.liveId, room.subscribers.size]));
    try {
      const elsewhere = await fanout.onlineElsewhere(local);
      for (const room of active) room.onlineElsewhere = elsewhere.get(room.liveId) ?? 0;
    } catch {
      for (const room of active) room.onlineElsewhere = 0;
    }
    for (const room of active) {
      const count = online(room);
      if (count !== room.onlineSent && room.subscribers.size > 0) {
        room.onlineSent = count;
        broadcast(room, shared({ type: "online", room: room.liveId, count }));
      }
      if (room.subscribers.size === 0 && Date.now() - room.idleSince > 30_000 && !room.filling) {
        if (room.gapTimer) clearTimeout(room.gapTimer);
        if (room.likesTimer) clearTimeout(room.likesTimer);
        rooms.delete(room.liveId);
      }
    }
    const watched = active.filter((room) => rooms.has(room.liveId) && room.ready);
    if (watched.length === 0) return;
    const byContent = new Map(watched.map((room) => [room.contentId, room]));
    try {
      const ids = [...byContent.keys()];
      for (const row of await store.startDue(ids.filter((id) => byContent.get(id)?.status === 0))) {
        const room = byContent.get(row.content_id);
        if (!room) continue;
        receiveStatus(room, Number(row.status), Number(row.start_time));
        fanout.publish({
          t: "status",
          room: room.liveId,
          status: Number(row.status),
          startTime: Number(row.start_time),
        });
      }
      for (const row of await store.rows(ids)) {
        const room = byContent.get(row.content_id);
        if (!room) continue;
        if (Number(row.last_seq) > room.delivered) void fillFromDatabase(room, Number(row.last_seq));
        if (Number(row.like_count) > room.likesTotal) receiveLikes(room, Number(row.like_count), 0);
        receiveStatus(room, Number(row.status), Number(row.start_time));
      }
    } catch {
      // the database is away: counts and chat catch up at a later tick
    }
  }

  let ticking = false;
  const ticker = setInterval(() => {
    if (ticking || closed) return;
    ticking = true;
    void tick().finally(() => {
      ticking = false;
    });
  }, tickMs);
  ticker.unref();

  return {
    /**
     * Subscribes: answers the `subscribed` frame, then what was missed after `since` (every message
     * in order, or `resync` when it is older than the history kept). Unknown room: an `error` frame.
     */
    async subscribe(subscriber: Subscriber, liveId: string, since: number | null): Promise<boolean> {
      const room = await roomOf(liveId);
      if (!room || closed) {
        subscriber.send(frame({ type: "error", room: liveId, code: liveUnknownRoom }));
        return false;
      }
      // a client ahead of this instance (it saw later messages elsewhere): is it ahead of the database too?
      let ahead = false;
      if (since !== null && since > room.delivered) {
        const [row] = await store.rows([room.contentId]);
        ahead = !row || since > Number(row.last_seq);
      }
      const latest = room.delivered;
      subscriber.cursor = latest;
      room.subscribers.add(subscriber);
      subscriber.send(
        frame({
          type: "subscribed",
          room: liveId,
          seq: latest,
          online: online(room),
          likes: room.likesTotal,
          status: room.status,
        }),
      );
      if (since === null || since === latest) return true;
      const first = room.ring[0]?.seq ?? latest + 1;
      if (ahead || latest - since > options.historySize || since + 1 < first) {
        subscriber.send(frame({ type: "resync", room: liveId, seq: latest }));
        return true;
      }
      if (since > latest) {
        // seen through another instance: later messages only, when they get here
        subscriber.cursor = since;
        return true;
      }
      for (const message of room.ring) {
        if (message.seq <= since) continue;
        subscriber.send(frame({ type: "chat", room: liveId, seq: message.seq, message }));
      }
      return true;
    },

    unsubscribe(subscriber: Subscriber, liveId: string) {
      const room = rooms.get(liveId);
      if (!room) return;
      room.subscribers.delete(subscriber);
      if (room.subscribers.size === 0) room.idleSince = Date.now();
    },

    /** A message stored here: to this instance's subscribers and to the other instances. */
    publishChat(liveId: string, message: ChatMessage) {
      const room = rooms.get(liveId);
      if (room) receiveChat(room, message);
      fanout.publish({ t: "chat", room: liveId, message });
    },

    publishLikes(liveId: string, total: number, delta: number) {
      const room = rooms.get(liveId);
      if (room) receiveLikes(room, total, delta);
      fanout.publish({ t: "likes", room: liveId, total, delta });
    },

    publishStatus(liveId: string, status: number, startTime: number) {
      const room = rooms.get(liveId);
      if (room) receiveStatus(room, status, startTime);
      fanout.publish({ t: "status", room: liveId, status, startTime });
    },

    /** Viewers of a room on every instance: as last counted, or asked of the other instances. */
    async online(liveId: string): Promise<number> {
      const room = rooms.get(liveId);
      if (room) return online(room);
      return fanout.onlineOf(liveId).catch(() => 0);
    },

    close() {
      closed = true;
      clearInterval(ticker);
      for (const room of rooms.values()) {
        if (room.gapTimer) clearTimeout(room.gapTimer);
        if (room.likesTimer) clearTimeout(room.likesTimer);
      }
      rooms.clear();
      fanout.close();
    },
  };
}

export type LiveHub = ReturnType<typeof createHub>;
