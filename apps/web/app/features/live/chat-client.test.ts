import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backoffMs, type ChatMode, createChatClient, type SocketLike } from "./chat-client.ts";
import type { ChatMessage, ChatPage } from "./types.ts";

const msg = (seq: number): ChatMessage => ({
  id: `m${seq}`,
  seq,
  user_id: 1,
  nickname: "读者",
  avatar: "",
  content: `第${seq}条`,
  created_at: "2026-11-24T10:00:00.000Z",
});

/** A room as the server keeps it: every message, and the oldest seq still kept for resuming. */
class FakeRoom {
  messages: ChatMessage[] = [];
  keptFrom = 1;
  failChat = false;
  post(): ChatMessage {
    const m = msg(this.messages.length + 1);
    this.messages.push(m);
    return m;
  }
  latest() {
    return this.messages.length;
  }
  chat = vi.fn(async (since: number | null): Promise<ChatPage> => {
    if (this.failChat) throw new Error("offline");
    if (since === null) return { messages: this.messages.slice(-50), seq: this.latest(), resync: false };
    if (since + 1 < this.keptFrom) return { messages: [], seq: this.latest(), resync: true };
    return { messages: this.messages.filter((m) => m.seq > since).slice(0, 50), seq: this.latest(), resync: false };
  });
}

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  onopen: SocketLike["onopen"] = null;
  onmessage: SocketLike["onmessage"] = null;
  onclose: SocketLike["onclose"] = null;
  onerror: SocketLike["onerror"] = null;
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  frame(value: object) {
    this.onmessage?.({ data: JSON.stringify(value) });
  }
  /** the server's side of a connect and subscribe, with the replay or resync of the protocol */
  serve(room: FakeRoom, extra: { online?: number; likes?: number } = {}) {
    this.open();
    this.frame({ type: "connected", user_id: null });
    const subscribe = this.sent.find((f) => f.type === "subscribe") as { room: string; since: number | null };
    this.frame({
      type: "subscribed",
      room: subscribe.room,
      seq: room.latest(),
      online: extra.online ?? 1,
      likes: extra.likes ?? 0,
      status: 1,
    });
    if (subscribe.since === null) return;
    if (subscribe.since + 1 < room.keptFrom) {
      this.frame({ type: "resync", room: subscribe.room, seq: room.latest() });
      return;
    }
    for (const m of room.messages.filter((m) => m.seq > (subscribe.since ?? 0)))
      this.frame({ type: "chat", room: subscribe.room, seq: m.seq, message: m });
  }
}

function setup(room: FakeRoom) {
  const sockets: FakeSocket[] = [];
  let seen: readonly ChatMessage[] = [];
  const modes: ChatMode[] = [];
  const online: number[] = [];
  const client = createChatClient({
    room: "L1",
    url: "ws://127.0.0.1/peony/v3/live/ws",
    token: () => "tok-1",
    fetchChat: (since) => room.chat(since),
    openSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    random: () => 0.5,
    onMessages: (list) => {
      seen = list;
    },
    onOnline: (n) => online.push(n),
    onMode: (m) => modes.push(m),
  });
  const socket = (i: number): FakeSocket => {
    const found = sockets[i];
    if (!found) throw new Error(`no socket ${i}`);
    return found;
  };
  return { client, sockets, socket, modes, online, seen: () => seen.map((m) => m.seq) };
}

const flush = () => vi.advanceTimersByTimeAsync(0);

describe("live chat client", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("R-LIVE-1 loads the history, then subscribes from its last seq with the token in the connect frame", async () => {
    const room = new FakeRoom();
    for (let i = 0; i < 3; i++) room.post();
    const t = setup(room);
    t.client.start();
    await flush();
    expect(t.seen()).toEqual([1, 2, 3]);
    const socket = t.socket(0);
    expect(socket.url).not.toContain("tok-1");
    socket.serve(room, { online: 7 });
    expect(socket.sent[0]).toEqual({ type: "connect", token: "tok-1" });
    expect(socket.sent[1]).toEqual({ type: "subscribe", room: "L1", since: 3 });
    expect(t.online).toEqual([7]);
    expect(t.client.mode()).toBe("socket");
    socket.frame({ type: "chat", room: "L1", seq: 4, message: room.post() });
    expect(t.seen()).toEqual([1, 2, 3, 4]);
    t.client.stop();
  });

  it("R-LIVE-1 drops duplicates by seq: the sender's own copy, a replayed frame, another room's frame", async () => {
    const room = new FakeRoom();
    const t = setup(room);
    t.client.start();
    await flush();
    t.socket(0).serve(room);
    const mine = room.post();
    t.client.add(mine);
    t.socket(0).frame({ type: "chat", room: "L1", seq: 1, message: mine });
    t.socket(0).frame({ type: "chat", room: "L1", seq: 1, message: mine });
    t.socket(0).frame({ type: "chat", room: "L2", seq: 2, message: msg(2) });
    expect(t.seen()).toEqual([1]);
    t.client.stop();
  });

  it("R-LIVE-1 a dropped connection resumes from the last seq: every message missed meanwhile exactly once", async () => {
    const room = new FakeRoom();
    room.post();
    const t = setup(room);
    t.client.start();
    await flush();
    t.socket(0).serve(room);
    t.socket(0).close(1006);
    for (let i = 0; i < 5; i++) room.post();
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.sockets).toHaveLength(2);
    t.socket(1).serve(room);
    expect(t.socket(1).sent[1]).toEqual({ type: "subscribe", room: "L1", since: 1 });
    expect(t.seen()).toEqual([1, 2, 3, 4, 5, 6]);
    t.client.stop();
  });

  it("R-LIVE-1 a gap in the frames is filled from the chat call, in order and without duplicates", async () => {
    const room = new FakeRoom();
    const t = setup(room);
    t.client.start();
    await flush();
    t.socket(0).serve(room);
    const [a, b, c] = [room.post(), room.post(), room.post()];
    t.socket(0).frame({ type: "chat", room: "L1", seq: 1, message: a });
    t.socket(0).frame({ type: "chat", room: "L1", seq: 3, message: c });
    expect(t.seen()).toEqual([1]);
    await flush();
    expect(t.seen()).toEqual([1, 2, 3]);
    t.socket(0).frame({ type: "chat", room: "L1", seq: 2, message: b });
    expect(t.seen()).toEqual([1, 2, 3]);
    t.client.stop();
  });

  it("R-LIVE-1 a resync (history no longer kept) reloads the recent history", async () => {
    const room = new FakeRoom();
    room.post();
    const t = setup(room);
    t.client.start();
    await flush();
    t.socket(0).serve(room);
    t.socket(0).close(1006);
    for (let i = 0; i < 80; i++) room.post();
    room.keptFrom = 30;
    await vi.advanceTimersByTimeAsync(1000);
    t.socket(1).serve(room);
    await flush();
    expect(t.seen()).toEqual(Array.from({ length: 50 }, (_, i) => 32 + i));
    expect(t.client.lastSeq()).toBe(81);
    t.client.stop();
  });

  it("R-LIVE-1 when the socket cannot connect, it polls the chat call every 3 s and keeps trying the socket with backoff", async () => {
    const room = new FakeRoom();
    room.post();
    const t = setup(room);
    t.client.start();
    await flush();
    // blocked: every socket closes before it opens
    t.socket(0).close(1006);
    expect(t.client.mode()).toBe("polling");
    room.post();
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.seen()).toEqual([1, 2]);
    room.post();
    await vi.advanceTimersByTimeAsync(3000);
    expect(t.seen()).toEqual([1, 2, 3]);
    const polls = room.chat.mock.calls.length;
    await vi.advanceTimersByTimeAsync(3000);
    expect(room.chat.mock.calls.length).toBe(polls + 1);
    // meanwhile the socket was tried again; when it connects, polling stops
    expect(t.sockets.length).toBeGreaterThan(1);
    // the next attempt that is still pending is let through
    while (t.socket(t.sockets.length - 1).readyState === 3) await vi.advanceTimersByTimeAsync(100);
    const current = t.socket(t.sockets.length - 1);
    current.serve(room);
    expect(t.client.mode()).toBe("socket");
    const after = room.chat.mock.calls.length;
    await vi.advanceTimersByTimeAsync(9000);
    expect(room.chat.mock.calls.length).toBe(after);
    expect(t.seen()).toEqual([1, 2, 3]);
    t.client.stop();
    expect(vi.getTimerCount()).toBe(0);
  });

  it("R-LIVE-1 reconnection delays grow with jitter and stay between 0.3 s and 30 s", () => {
    expect(backoffMs(1, () => 1)).toBe(1000);
    expect(backoffMs(3, () => 0.5)).toBe(2000);
    expect(backoffMs(20, () => 1)).toBe(30_000);
    expect(backoffMs(2, () => 0)).toBe(300);
    const spread = new Set(Array.from({ length: 20 }, () => backoffMs(4, Math.random)));
    expect(spread.size).toBeGreaterThan(1);
  });

  it("R-LIVE-1 a silent connection (no pong) is dropped and replaced", async () => {
    const room = new FakeRoom();
    const t = setup(room);
    t.client.start();
    await flush();
    t.socket(0).serve(room);
    await vi.advanceTimersByTimeAsync(25_000);
    expect(t.socket(0).sent.at(-1)).toEqual({ type: "ping" });
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.socket(0).readyState).toBe(3);
    expect(t.sockets).toHaveLength(2);
    t.client.stop();
  });
});
