import type { ChatMessage } from "@davmu/contracts/live";
import { afterEach, describe, expect, it } from "vitest";
import type { LiveEvent, LiveFanout } from "../src/modules/live/fanout.ts";
import { createHub, type HubStore, type LiveHub, type Subscriber } from "../src/modules/live/hub.ts";
import type { LiveRoomRow } from "../src/modules/live/tables.ts";
import { sleep } from "./live-client.ts";

const message = (seq: number): ChatMessage => ({
  id: `m${seq}`,
  seq,
  user_id: 1,
  nickname: "读者",
  avatar: "",
  content: `第${seq}条`,
  created_at: new Date(0).toISOString(),
});

/** A room whose messages 1..stored are "in the database"; the fan-out is driven by the test. */
function fixture(stored: number) {
  const messages = Array.from({ length: stored }, (_, i) => message(i + 1));
  const row = { content_id: 7, status: 1, start_time: 0, like_count: 0, last_seq: stored } as LiveRoomRow;
  const store: HubStore = {
    room: async (liveId) => (liveId === "room" ? { contentId: 7, row } : null),
    after: async (_id, since, limit) => messages.filter((m) => m.seq > since).slice(0, limit),
    latest: async (_id, limit) => messages.slice(-limit),
    rows: async () => [{ ...row, last_seq: messages.length }],
    startDue: async () => [],
  };
  let receive: (event: LiveEvent) => void = () => {};
  const fanout: LiveFanout = {
    publish() {},
    listen: (r) => {
      receive = r;
    },
    onlineElsewhere: async () => new Map(),
    onlineOf: async () => 0,
    close() {},
  };
  return {
    messages,
    /** Stores a message and (unless `lost`) hands it to the hub as another instance's fan-out would. */
    store(seq: number, lost = false) {
      messages.push(message(seq));
      messages.sort((a, b) => a.seq - b.seq);
      if (!lost) receive({ t: "chat", room: "room", message: message(seq) });
    },
    deliver: (seq: number) => receive({ t: "chat", room: "room", message: message(seq) }),
    hub: (historySize = 5) => createHub(store, fanout, { historySize, gapWaitMs: 50, tickMs: 100000 }),
  };
}

function subscriber(): Subscriber & { seqs: () => number[]; frames: Record<string, unknown>[] } {
  const frames: Record<string, unknown>[] = [];
  return {
    cursor: 0,
    frames,
    send: (frame) => frames.push(JSON.parse(String(frame))),
    seqs: () => frames.filter((f) => f.type === "chat").map((f) => f.seq as number),
  };
}

describe("the live hub's ordering", () => {
  let hub: LiveHub | null = null;
  afterEach(() => hub?.close());

  it("R-LIVE-1 messages arriving out of order reach subscribers in seq order, each once", async () => {
    const room = fixture(3);
    hub = room.hub();
    const viewer = subscriber();
    await hub.subscribe(viewer, "room", null);
    room.store(5);
    room.store(4);
    room.deliver(4);
    room.store(6);
    expect(viewer.seqs()).toEqual([4, 5, 6]);
  });

  it("R-LIVE-2 a message the fan-out lost is read from the database, and the ones after it wait for it", async () => {
    const room = fixture(3);
    hub = room.hub();
    const viewer = subscriber();
    await hub.subscribe(viewer, "room", null);
    room.store(4, true);
    room.store(5);
    expect(viewer.seqs()).toEqual([]);
    await sleep(150);
    expect(viewer.seqs()).toEqual([4, 5]);
  });

  it("R-LIVE-1 resuming: exactly the missed messages from the history kept, resync beyond it, nothing twice for a client ahead", async () => {
    const room = fixture(12);
    hub = room.hub(5);
    const behind = subscriber();
    await hub.subscribe(behind, "room", 9);
    expect(behind.frames[0]).toMatchObject({ type: "subscribed", seq: 12 });
    expect(behind.seqs()).toEqual([10, 11, 12]);
    const far = subscriber();
    await hub.subscribe(far, "room", 2);
    expect(far.frames.map((f) => f.type)).toEqual(["subscribed", "resync"]);
    // it saw 13 through another instance before 13 got here
    room.messages.push(message(13));
    const ahead = subscriber();
    await hub.subscribe(ahead, "room", 13);
    room.deliver(13);
    room.store(14);
    expect(ahead.seqs()).toEqual([14]);
    expect(behind.seqs()).toEqual([10, 11, 12, 13, 14]);
    const unknown = subscriber();
    expect(await hub.subscribe(unknown, "nope", null)).toBe(false);
    expect(unknown.frames).toEqual([{ type: "error", room: "nope", code: 4404 }]);
  });
});
