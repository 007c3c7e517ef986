/**
 * A worker thread of the live bench: holds its share of the WebSocket clients (packages/test-support/src/live/wire.ts),
 * speaks the live protocol (docs/live.md) and keeps, per client, the last sequence number it saw,
 * the gaps and duplicates by sequence, resyncs and reconnections. A client whose connection ends
 * without the bench asking reconnects to an instance picked at random and resumes with its last
 * sequence, as the page does. Commands come from packages/test-support/src/live/pool.ts; every answer is a summary.
 */
import { performance } from "node:perf_hooks";
import { parentPort } from "node:worker_threads";
import { openWire, type Wire } from "./wire.ts";

export interface Endpoint {
  host: string;
  port: number;
}
export interface ClientSpec {
  id: number;
  instance: number;
  token: string;
  room: string;
}

interface Client extends ClientSpec {
  wire: Wire | null;
  lastSeq: number | null;
  subscribed: boolean;
  /** Subscribed at least once, then lost the connection and subscribed again with its last sequence. */
  resumed: boolean;
  /** Subscriptions again with the last sequence, after a lost connection. */
  resumes: number;
  /** Connection attempts that never reached the upgrade (refused, instance down). */
  failedDials: number;
  attempts: number;
  gaps: number;
  dups: number;
  resyncs: number;
  /** The bench dropped this connection on purpose (it reconnects). */
  dropping: boolean;
  /** Closed by the bench for good (no reconnection). */
  retired: boolean;
  onSubscribed: (() => void) | null;
}

const histogramSize = 60001;
let endpoints: Endpoint[] = [];
let path = "/peony/v3/live/ws";
const clients = new Map<number, Client>();
const closeCodes: Record<string, number> = {};
const errors: Record<string, number> = {};
let measuring = false;
let histogram = new Uint32Array(histogramSize);
/** Per seq, while measuring: deliveries to this worker's clients and when the last one arrived. */
let perSeq = new Map<number, { n: number; at: number }>();
let firstAt = 0;
let busySince = performance.eventLoopUtilization();

function count(map: Record<string, number>, key: string | number) {
  map[key] = (map[key] ?? 0) + 1;
}

/** A chat frame: `sentAt` is the send time its content carries (` t=<ms>`), or -1. */
function onChat(client: Client, seq: number, sentAt: number) {
  const last = client.lastSeq;
  if (last !== null && seq <= last) {
    client.dups++;
    return;
  }
  if (last !== null && seq > last + 1) client.gaps += seq - last - 1;
  client.lastSeq = seq;
  if (!measuring) return;
  const now = Date.now();
  const counted = perSeq.get(seq);
  if (counted) {
    counted.n++;
    counted.at = now;
  } else perSeq.set(seq, { n: 1, at: now });
  if (firstAt === 0) firstAt = now;
  if (sentAt >= 0) {
    const ms = Math.max(0, now - sentAt);
    const bucket = Math.min(histogramSize - 1, ms);
    histogram[bucket] = (histogram[bucket] as number) + 1;
  }
}

const chatPrefix = Buffer.from('{"type":"chat",');
const seqKey = Buffer.from('"seq":');
const stampKey = Buffer.from(" t=");

/** Digits at `at` as a number, or -1. */
function digits(bytes: Buffer, at: number): number {
  let value = -1;
  for (let i = at; i < bytes.length; i++) {
    const c = bytes[i] as number;
    if (c < 48 || c > 57) break;
    value = (value < 0 ? 0 : value * 10) + (c - 48);
  }
  return value;
}

/**
 * A chat frame read straight from its bytes: the hub writes `{"type":"chat","room":…,"seq":N,…}`,
 * so the type, the frame's seq and the send time in the content are found without building the
 * object (thousands of frames a second per thread). Answers false for anything else, which is
 * then parsed as JSON.
 */
function onChatBytes(client: Client, payload: Buffer): boolean {
  if (
    payload.length <= chatPrefix.length ||
    payload.compare(chatPrefix, 0, chatPrefix.length, 0, chatPrefix.length) !== 0
  )
    return false;
  const seqAt = payload.indexOf(seqKey, chatPrefix.length);
  const seq = seqAt < 0 ? -1 : digits(payload, seqAt + seqKey.length);
  if (seq < 0) return false;
  const stampAt = payload.indexOf(stampKey, seqAt);
  onChat(client, seq, stampAt < 0 ? -1 : digits(payload, stampAt + stampKey.length));
  return true;
}

function onFrame(client: Client, text: string) {
  let frame: {
    type?: string;
    seq?: number;
    room?: string;
    code?: number;
    message?: { content?: string };
  };
  try {
    frame = JSON.parse(text);
  } catch {
    count(errors, "bad json");
    return;
  }
  switch (frame.type) {
    case "chat":
      {
        const stamp = frame.message?.content ? / t=(\d+)/.exec(frame.message.content) : null;
        onChat(client, frame.seq as number, stamp ? Number(stamp[1]) : -1);
      }
      return;
    case "connected":
      client.wire?.send(JSON.stringify({ type: "subscribe", room: client.room, since: client.lastSeq }));
      return;
    case "subscribed":
      if (client.lastSeq === null) client.lastSeq = frame.seq ?? 0;
      else {
        client.resumed = true;
        client.resumes++;
      }
      client.subscribed = true;
      client.attempts = 0;
      client.onSubscribed?.();
      client.onSubscribed = null;
      return;
    case "resync":
      client.resyncs++;
      // the page reloads the recent history here (GET /peony/v3/live/chat/{id}); it then holds up to `seq`
      client.lastSeq = frame.seq ?? client.lastSeq;
      return;
    case "error":
      count(errors, `error ${frame.code}`);
      return;
    default:
      return;
  }
}

function dial(client: Client) {
  if (client.retired) return;
  const endpoint = endpoints[client.instance] as Endpoint;
  client.subscribed = false;
  let opened = false;
  client.wire = openWire(endpoint.host, endpoint.port, path, {
    open() {
      opened = true;
      client.wire?.send(JSON.stringify({ type: "connect", token: client.token }));
    },
    message(payload) {
      if (!onChatBytes(client, payload)) onFrame(client, payload.toString("utf8"));
    },
    close(code) {
      client.wire = null;
      client.subscribed = false;
      if (client.retired) return;
      if (!opened) client.failedDials++;
      else if (!client.dropping) count(closeCodes, code);
      client.dropping = false;
      client.attempts++;
      // either instance; the first attempt after a drop at once, then backing off
      client.instance = Math.floor(Math.random() * endpoints.length);
      const delay = client.attempts <= 1 ? Math.random() * 100 : Math.min(2000, 100 * 2 ** client.attempts);
      setTimeout(() => dial(client), delay);
    },
  });
}

function open(specs: ClientSpec[], concurrency: number, timeoutMs: number) {
  return new Promise<{ subscribed: number; failed: number; ms: number }>((resolve) => {
    const started = Date.now();
    let next = 0;
    let done = 0;
    let subscribed = 0;
    const finish = () => {
      clearTimeout(timer);
      resolve({ subscribed, failed: specs.length - subscribed, ms: Date.now() - started });
    };
    const timer = setTimeout(finish, timeoutMs);
    const startOne = () => {
      const spec = specs[next++];
      if (!spec) return;
      const client: Client = {
        ...spec,
        wire: null,
        lastSeq: null,
        subscribed: false,
        resumed: false,
        resumes: 0,
        failedDials: 0,
        attempts: 0,
        gaps: 0,
        dups: 0,
        resyncs: 0,
        dropping: false,
        retired: false,
        onSubscribed: () => {
          subscribed++;
          if (++done === specs.length) finish();
          else startOne();
        },
      };
      clients.set(client.id, client);
      dial(client);
    };
    if (specs.length === 0) finish();
    for (let i = 0; i < Math.min(concurrency, specs.length); i++) startOne();
  });
}

function summary(finalSeq: number | null) {
  const out = {
    clients: clients.size,
    subscribed: 0,
    resumed: 0,
    resumedWithGaps: 0,
    resumedWithDups: 0,
    resynced: 0,
    gaps: 0,
    dups: 0,
    resumes: 0,
    failedDials: 0,
    behind: 0,
    closeCodes,
    errors,
  };
  for (const client of clients.values()) {
    if (client.subscribed) out.subscribed++;
    out.resumes += client.resumes;
    out.failedDials += client.failedDials;
    out.gaps += client.gaps;
    out.dups += client.dups;
    if (client.resyncs > 0) out.resynced++;
    else if (client.resumed) {
      out.resumed++;
      if (client.gaps > 0) out.resumedWithGaps++;
      if (client.dups > 0) out.resumedWithDups++;
    }
    if (finalSeq !== null && (client.lastSeq ?? 0) < finalSeq) out.behind++;
  }
  return out;
}

export type Command =
  | { cmd: "init"; endpoints: Endpoint[]; path: string }
  | { cmd: "open"; clients: ClientSpec[]; concurrency: number; timeoutMs: number }
  | { cmd: "measure"; on: true }
  | { cmd: "measure"; on: false; from: number; to: number }
  | { cmd: "drop"; ids: number[] }
  | { cmd: "summary"; finalSeq: number | null }
  | { cmd: "closeAll" };

async function handle(command: Command): Promise<unknown> {
  switch (command.cmd) {
    case "init":
      endpoints = command.endpoints;
      path = command.path;
      return true;
    case "open":
      return open(command.clients, command.concurrency, command.timeoutMs);
    case "measure": {
      if (command.on) {
        histogram = new Uint32Array(histogramSize);
        perSeq = new Map();
        firstAt = 0;
        busySince = performance.eventLoopUtilization();
        measuring = true;
        return true;
      }
      measuring = false;
      const busy = performance.eventLoopUtilization(busySince).utilization;
      // only the messages of the window: a send that timed out may be stored, and delivered, later
      let deliveries = 0;
      let lastAt = 0;
      for (const [seq, counted] of perSeq) {
        if (seq <= command.from || seq > command.to) continue;
        deliveries += counted.n;
        lastAt = Math.max(lastAt, counted.at);
      }
      return { deliveries, firstAt, lastAt, busy, histogram: Array.from(histogram) };
    }
    case "drop": {
      let dropped = 0;
      for (const id of command.ids) {
        const client = clients.get(id);
        if (!client?.wire) continue;
        client.dropping = true;
        client.wire.destroy();
        dropped++;
      }
      return dropped;
    }
    case "summary":
      return summary(command.finalSeq);
    case "closeAll":
      for (const client of clients.values()) {
        client.retired = true;
        client.wire?.destroy();
      }
      clients.clear();
      for (const key of Object.keys(closeCodes)) delete closeCodes[key];
      for (const key of Object.keys(errors)) delete errors[key];
      return true;
  }
}

parentPort?.on("message", (message: { id: number; command: Command }) => {
  handle(message.command).then(
    (result) => parentPort?.postMessage({ id: message.id, result }),
    (error: Error) => parentPort?.postMessage({ id: message.id, error: error.message }),
  );
});
