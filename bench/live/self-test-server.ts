/**
 * The live bench's self-test: a small stand-in of the live hub, to check the bench's own clients,
 * counting and fault steps (`npm run bench:live -- --self-test`). Not product code, never shipped.
 * It speaks the wire protocol of docs/live.md with the least behind it: messages and their per-room
 * sequence in a SQLite file shared by the instances, fan-out through Redis pub/sub when REDIS_URL is
 * set (local only while Redis is away), and an instance that sees a sequence jump reads the missing
 * messages from the file before relaying. Tokens are not checked.
 * Env: PORT, STANDIN_DB (the SQLite file), REDIS_URL (optional), STANDIN_FAULTY=1 (skips and repeats
 * messages on purpose: `--self-test=faulty` must then report gaps and duplicates).
 */
import { createHash } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { Socket } from "node:net";
import { encodeFrame, parseFrames } from "@davmu/test-support/live/wire";
import SQLite from "better-sqlite3";
import { Redis } from "ioredis";

const port = Number(process.env.PORT);
const db = new SQLite(process.env.STANDIN_DB as string);
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 5000");
db.exec("create table if not exists chat (room text, seq integer, body text, primary key (room, seq))");
const keep = 1000;
const insert = db.transaction((room: string, content: string) => {
  const seq =
    ((db.prepare("select max(seq) as s from chat where room = ?").get(room) as { s: number | null }).s ?? 0) + 1;
  const message = {
    id: `${room}-${seq}`,
    seq,
    user_id: 1,
    nickname: "测试",
    avatar: "",
    content,
    created_at: Date.now(),
  };
  const body = JSON.stringify({ type: "chat", room, seq, message });
  db.prepare("insert into chat (room, seq, body) values (?, ?, ?)").run(room, seq, body);
  db.prepare("delete from chat where room = ? and seq <= ?").run(room, seq - keep);
  return { seq, body, message };
});
const latest = (room: string) =>
  (db.prepare("select max(seq) as s from chat where room = ?").get(room) as { s: number | null }).s ?? 0;
const since = (room: string, from: number, to: number) =>
  db.prepare("select seq, body from chat where room = ? and seq > ? and seq <= ? order by seq").all(room, from, to) as {
    seq: number;
    body: string;
  }[];

interface Peer {
  socket: Socket;
  /** Per room, the last sequence this peer was sent. */
  sent: Map<string, number>;
}
const rooms = new Map<string, Set<Peer>>();
const faulty = process.env.STANDIN_FAULTY === "1";

/** To each peer of the room, what it has not been sent yet up to `seq`, in order (missed ones from the file). */
function relay(room: string, seq: number, body: string) {
  const frame = encodeFrame(1, Buffer.from(body), false);
  for (const peer of rooms.get(room) ?? []) {
    const sent = peer.sent.get(room) ?? seq - 1;
    if (seq <= sent || peer.socket.destroyed) continue;
    if (seq > sent + 1) {
      for (const row of since(room, sent, seq - 1)) peer.socket.write(encodeFrame(1, Buffer.from(row.body), false));
    }
    peer.sent.set(room, seq);
    // a faulty hub, to check that the bench sees faults: every 50th message skipped, every 50th + 25 sent twice
    if (faulty && seq % 50 === 0) continue;
    if (faulty && seq % 50 === 25) peer.socket.write(frame);
    peer.socket.write(frame);
  }
}

const redisUrl = process.env.REDIS_URL;
const options = { maxRetriesPerRequest: 1, enableOfflineQueue: false, retryStrategy: () => 200 };
const publisher = redisUrl ? new Redis(redisUrl, options) : null;
const subscriber = redisUrl ? new Redis(redisUrl, { ...options, enableOfflineQueue: true }) : null;
publisher?.on("error", () => undefined);
subscriber?.on("error", () => undefined);
subscriber?.subscribe("standin:chat").catch(() => undefined);
subscriber?.on("message", (_channel, text: string) => {
  const { room, seq, body } = JSON.parse(text) as { room: string; seq: number; body: string };
  relay(room, seq, body);
});

function send(peer: Peer, value: unknown) {
  if (!peer.socket.destroyed) peer.socket.write(encodeFrame(1, Buffer.from(JSON.stringify(value)), false));
}

function onFrame(peer: Peer, text: string) {
  const frame = JSON.parse(text) as { type: string; room?: string; since?: number | null };
  if (frame.type === "connect") return send(peer, { type: "connected", user_id: null });
  if (frame.type === "ping") return send(peer, { type: "pong" });
  if (frame.type !== "subscribe" || !frame.room) return;
  const room = frame.room;
  const seq = latest(room);
  if (!rooms.has(room)) rooms.set(room, new Set());
  rooms.get(room)?.add(peer);
  peer.sent.set(room, seq);
  send(peer, { type: "subscribed", room, seq, online: rooms.get(room)?.size ?? 0, likes: 0, status: "live" });
  if (frame.since === null || frame.since === undefined) return;
  const missed = since(room, frame.since, seq);
  if (seq > frame.since && (missed[0]?.seq ?? -1) !== frame.since + 1) return send(peer, { type: "resync", room, seq });
  for (const row of missed) peer.socket.write(encodeFrame(1, Buffer.from(row.body), false));
}

const server = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://x");
  const answer = (status: number, body: unknown) => {
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(body));
  };
  if (url.pathname === "/readyz") return answer(200, { ok: true });
  const chat = /^\/peony\/v3\/live\/chat\/([^/]+)(\/send_msg)?$/.exec(url.pathname);
  if (!chat) return answer(404, { code: 404, msg: "not found", data: null });
  const room = chat[1] as string;
  if (!chat[2]) return answer(200, { code: 0, msg: "", data: { messages: [], seq: latest(room), resync: false } });
  let raw = "";
  request.on("data", (c) => (raw += c));
  request.on("end", () => {
    const { content } = JSON.parse(raw || "{}") as { content?: string };
    const stored = insert(room, content ?? "");
    relay(room, stored.seq, stored.body);
    publisher
      ?.publish("standin:chat", JSON.stringify({ room, seq: stored.seq, body: stored.body }))
      .catch(() => undefined);
    answer(200, { code: 0, msg: "", data: stored.message });
  });
});

server.on("upgrade", (request: IncomingMessage, socket: Socket) => {
  const key = request.headers["sec-websocket-key"] as string;
  const accept = createHash("sha1").update(`${key}258EAFA5-E914-47DA-95CA-C5AB0DC85B11`).digest("base64");
  socket.write(
    `HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: ${accept}\r\n\r\n`,
  );
  socket.setNoDelay(true);
  const peer: Peer = { socket, sent: new Map() };
  let pending: Buffer | null = null;
  socket.on("data", (chunk: Buffer) => {
    pending = parseFrames(pending ? Buffer.concat([pending, chunk]) : chunk, (opcode, _fin, payload) => {
      if (opcode === 1) onFrame(peer, payload.toString("utf8"));
      else if (opcode === 8) socket.end(encodeFrame(8, payload.subarray(0, 2), false));
    });
  });
  socket.on("error", () => undefined);
  socket.on("close", () => {
    for (const room of peer.sent.keys()) rooms.get(room)?.delete(peer);
  });
});

server.listen(port, "127.0.0.1");
