import type { ChatMessage, ChatPage, ServerFrame } from "./types.ts";

/** What the client needs of a WebSocket (the browser's, or a fake in tests). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(code?: number, reason?: string): void;
  onopen: ((event: unknown) => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: ((event: unknown) => void) | null;
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** How the chat reaches the visitor now: the socket, polling while the socket cannot connect, or stopped. */
export type ChatMode = "connecting" | "socket" | "polling" | "stopped";

export interface ChatClientOptions {
  room: string;
  /** ws:// or wss:// address of the hub */
  url: string;
  /** the visitor's token at the time of each connection (user token, else anonymous) */
  token(): string | null;
  /** GET chat: `since` null answers the latest messages */
  fetchChat(since: number | null): Promise<ChatPage>;
  openSocket?: (url: string) => SocketLike;
  timers?: Timers;
  random?: () => number;
  /** the whole list, ascending by seq, each message once */
  onMessages(messages: readonly ChatMessage[]): void;
  onOnline?(count: number): void;
  onLikes?(total: number): void;
  /** the room's status number (live-values.ts) */
  onStatus?(status: number): void;
  onMode?(mode: ChatMode): void;
  pollMs?: number;
  /** messages kept in the list, oldest dropped first */
  keep?: number;
}

export interface ChatClient {
  start(): void;
  stop(): void;
  /** adds a message the visitor sent (the send call's answer); the socket's copy is then a duplicate */
  add(message: ChatMessage): void;
  /** reconnects at once (after a login: the new token goes in the connect frame) */
  reconnect(): void;
  lastSeq(): number | null;
  mode(): ChatMode;
}

const heartbeatMs = 25_000;
const pongWaitMs = 10_000;
const subscribeWaitMs = 8_000;

/** Delay before reconnection attempt n (1, 2, …): full jitter under 1 s × 2^(n-1), at most 30 s, at least 0.3 s. */
export function backoffMs(attempt: number, random: () => number): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt - 1));
  return Math.max(300, Math.round(random() * ceiling));
}

/**
 * The live room's chat (docs/live.md, R-LIVE-1): loads the recent history, subscribes over the
 * WebSocket from the last seq it holds, and keeps every message once and in order (duplicates by
 * seq are dropped; a gap is filled from the chat call; a resync reloads the history). When the socket
 * cannot connect it polls the chat call every 3 s while it keeps trying the socket with backoff.
 */
export function createChatClient(options: ChatClientOptions): ChatClient {
  const timers: Timers = options.timers ?? globalThis;
  const random = options.random ?? Math.random;
  const keep = options.keep ?? 200;
  const pollMs = options.pollMs ?? 3000;
  const open = options.openSocket ?? ((url: string) => new WebSocket(url) as unknown as SocketLike);

  let list: ChatMessage[] = [];
  let last: number | null = null;
  /** messages that arrived ahead of a gap, by seq */
  const ahead = new Map<number, ChatMessage>();
  let socket: SocketLike | null = null;
  let subscribed = false;
  let failures = 0;
  let mode: ChatMode = "stopped";
  let running = false;
  let filling = false;
  const handles: Record<"retry" | "poll" | "beat" | "pong" | "wait", unknown> = {
    retry: null,
    poll: null,
    beat: null,
    pong: null,
    wait: null,
  };

  function clear(name: keyof typeof handles) {
    if (handles[name] !== null) timers.clearTimeout(handles[name]);
    handles[name] = null;
  }

  function setMode(next: ChatMode) {
    if (mode === next) return;
    mode = next;
    options.onMode?.(next);
  }

  function publish() {
    if (list.length > keep) list = list.slice(list.length - keep);
    options.onMessages(list);
  }

  function drainAhead() {
    for (const seq of [...ahead.keys()]) if (last !== null && seq <= last) ahead.delete(seq);
    let next = ahead.get((last ?? 0) + 1);
    while (next) {
      ahead.delete(next.seq);
      list = list.concat(next);
      last = next.seq;
      next = ahead.get(last + 1);
    }
  }

  /** Takes messages in any order: each seq once; one past a gap waits for the gap to be filled. */
  function merge(messages: readonly ChatMessage[]) {
    const before = list;
    for (const message of messages) {
      if (last !== null && message.seq <= last) continue;
      if (last === null || message.seq === last + 1) {
        list = list.concat(message);
        last = message.seq;
        drainAhead();
      } else {
        ahead.set(message.seq, message);
      }
    }
    if (list !== before) publish();
    if (ahead.size > 0) fillGap();
  }

  /** Replaces the list with the latest history (first load, resync). */
  function reset(page: ChatPage) {
    // what the socket brought while the history was loading stays, after it
    for (const message of list) ahead.set(message.seq, message);
    list = page.messages.slice();
    last = Math.max(page.messages[page.messages.length - 1]?.seq ?? 0, page.seq);
    drainAhead();
    publish();
    if (ahead.size > 0) fillGap();
  }

  function reload(): Promise<void> {
    return options.fetchChat(null).then(reset);
  }

  function fillGap() {
    if (filling || !running) return;
    filling = true;
    options
      .fetchChat(last)
      .then((page) => {
        filling = false;
        if (page.resync) return reload();
        // the messages it lacks are in the answer; what is still missing, the next frame or poll brings
        merge(page.messages);
      })
      .catch(() => {
        filling = false;
      });
  }

  function poll() {
    clear("poll");
    if (!running || mode !== "polling") return;
    options
      .fetchChat(last)
      .then((page) => (page.resync ? reload() : merge(page.messages)))
      .catch(() => {})
      .then(() => {
        if (running && mode === "polling") handles.poll = timers.setTimeout(poll, pollMs);
      });
  }

  function startPolling() {
    if (mode === "polling") return;
    setMode("polling");
    poll();
  }

  function send(frame: object) {
    if (socket && socket.readyState === 1) socket.send(JSON.stringify(frame));
  }

  function beat() {
    clear("beat");
    handles.beat = timers.setTimeout(() => {
      send({ type: "ping" });
      clear("pong");
      handles.pong = timers.setTimeout(() => dropSocket(4000), pongWaitMs);
    }, heartbeatMs);
  }

  function handle(frame: ServerFrame) {
    // any frame shows the connection is alive
    clear("pong");
    beat();
    switch (frame.type) {
      case "connected":
        send({ type: "subscribe", room: options.room, since: last });
        return;
      case "subscribed": {
        if (frame.room !== options.room) return;
        subscribed = true;
        failures = 0;
        clear("wait");
        clear("poll");
        setMode("socket");
        options.onOnline?.(frame.online);
        options.onLikes?.(frame.likes);
        options.onStatus?.(frame.status);
        // without a history to resume from, the recent history is loaded now
        if (last === null) reload().catch(() => {});
        return;
      }
      case "chat":
        if (frame.room === options.room) merge([frame.message]);
        return;
      case "resync":
        if (frame.room === options.room) reload().catch(() => fillGap());
        return;
      case "online":
        if (frame.room === options.room) options.onOnline?.(frame.count);
        return;
      case "likes":
        if (frame.room === options.room) options.onLikes?.(frame.total);
        return;
      case "status":
        if (frame.room === options.room) options.onStatus?.(frame.status);
        return;
      default:
        return;
    }
  }

  function connect() {
    clear("retry");
    if (!running) return;
    if (mode !== "polling") setMode("connecting");
    subscribed = false;
    let opened: SocketLike;
    try {
      opened = open(options.url);
    } catch {
      failed();
      return;
    }
    socket = opened;
    opened.onopen = () => {
      // the token travels in the first frame, never in the address
      send({ type: "connect", token: options.token() ?? "" });
      beat();
    };
    opened.onmessage = (event) => {
      if (socket !== opened || typeof event.data !== "string") return;
      let frame: ServerFrame;
      try {
        frame = JSON.parse(event.data) as ServerFrame;
      } catch {
        return;
      }
      handle(frame);
    };
    opened.onerror = () => {};
    opened.onclose = () => {
      if (socket !== opened) return;
      socket = null;
      failed();
    };
    // a socket that never gets subscribed (a proxy holding it open) counts as failed
    clear("wait");
    handles.wait = timers.setTimeout(() => {
      if (socket === opened && !subscribed) dropSocket(4000);
    }, subscribeWaitMs);
  }

  function dropSocket(code: number) {
    const current = socket;
    socket = null;
    clear("beat");
    clear("pong");
    if (current) {
      current.onclose = null;
      try {
        current.close(code);
      } catch {}
    }
    if (running) failed();
  }

  function failed() {
    clear("beat");
    clear("pong");
    clear("wait");
    if (!running) return;
    const wasSubscribed = subscribed;
    subscribed = false;
    failures += 1;
    // a dropped socket is tried again within a second (jittered: a closing instance's clients do not
    // all come back at once); from the first attempt that fails, the chat polls meanwhile
    if (!wasSubscribed || failures > 1) startPolling();
    else setMode("connecting");
    handles.retry = timers.setTimeout(connect, backoffMs(failures, random));
  }

  return {
    start() {
      if (running) return;
      running = true;
      setMode("connecting");
      options
        .fetchChat(null)
        .then(reset)
        .catch(() => {})
        .then(() => {
          if (running) connect();
        });
    },
    stop() {
      running = false;
      for (const name of Object.keys(handles) as (keyof typeof handles)[]) clear(name);
      const current = socket;
      socket = null;
      if (current) {
        current.onclose = null;
        try {
          current.close(1000);
        } catch {}
      }
      setMode("stopped");
    },
    add(message) {
      merge([message]);
    },
    reconnect() {
      if (!running) return;
      const current = socket;
      socket = null;
      if (current) {
        current.onclose = null;
        try {
          current.close(1000);
        } catch {}
      }
      failures = 0;
      connect();
    },
    lastSeq: () => last,
    mode: () => mode,
  };
}
