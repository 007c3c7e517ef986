import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { liveSocketLimits } from "../src/modules/live/socket.ts";
import type { LiveTables } from "../src/modules/live/tables.ts";
import { startTestServer, type TestServer } from "./helper.ts";
import { type Frame, joinLive, openLive, sleep, upgradeStatus } from "./live-client.ts";
import { editorSession } from "./support/editors.ts";

let phone = 13944440000;
const nextPhone = () => String(phone++);
const defaults = { ...liveSocketLimits };

describe("the live WebSocket", () => {
  let server: TestServer;
  let anonymous: string;
  let user: { token: string; userId: string };
  let marathon: string;
  let ginkgo: string;
  let market: string;
  let concert: string;
  let closed = false;

  beforeAll(async () => {
    // HTTP's request and header timeouts at their shortest: they must not cut upgraded sockets
    server = await startTestServer({
      LIVE_HISTORY_SIZE: "10",
      LIVE_CHAT_PER_USER_PER_MINUTE: "1000",
      REQUEST_TIMEOUT_MS: "1000",
      HEADERS_TIMEOUT_MS: "1000",
    });
    marathon = await server.demoPostId("demo-live-marathon");
    ginkgo = await server.demoPostId("demo-live-ginkgo");
    market = await server.demoPostId("demo-live-market");
    concert = await server.demoPostId("demo-live-concert");
    anonymous = await server.anonymousToken();
    user = await server.login(nextPhone());
  }, 30000);
  afterAll(async () => {
    Object.assign(liveSocketLimits, defaults);
    if (!closed) await server.close();
  });

  const send = (room: string, content: string) =>
    server.post(`/peony/v3/live/chat/${room}/send_msg`, { content }, user.token);

  it("R-LIVE-1 a token is required in the first frame: none or a wrong one closes 4401, a revoked one too", async () => {
    for (const frame of [{ type: "connect" }, { type: "connect", token: "" }, { type: "connect", token: "nope" }]) {
      const client = await openLive(server.base);
      client.send(frame);
      expect(await client.closed(), JSON.stringify(frame)).toBe(4401);
    }
    const other = await server.login(nextPhone());
    await server.post("/peony/v1/account/logout", {}, other.token);
    const client = await openLive(server.base);
    client.send({ type: "connect", token: other.token });
    expect(await client.closed()).toBe(4401);
  });

  it("R-LIVE-1 R-SEC-TOKEN a page of another site cannot open the socket: its Origin is refused with 403 before the upgrade", async () => {
    const host = new URL(server.base).host;
    // the share site's own pages: its public origin, or the host the request reached (any scheme a proxy gives it)
    expect(await upgradeStatus(server.base, server.config.publicOrigin)).toBe(101);
    expect(await upgradeStatus(server.base, `http://${host}`)).toBe(101);
    expect(await upgradeStatus(server.base, `https://${host.toUpperCase()}`)).toBe(101);
    // a native socket library that names the socket's own address
    expect(await upgradeStatus(server.base, `ws://${host}`)).toBe(101);
    // what a hostile page, a sandboxed frame or a forged header sends
    for (const origin of [
      "https://evil.example",
      "http://localhost:3000.evil.example",
      `http://${host}.evil.example`,
      // the same machine on another port is another origin
      `http://${new URL(server.base).hostname}:1`,
      `http://${new URL(server.base).hostname}`,
      "http://[::1]",
      "wss://evil.example",
      "null",
      "file://",
      "chrome-extension://abcdef",
      "not a url",
    ]) {
      expect(await upgradeStatus(server.base, origin), origin).toBe(403);
    }
    // a client that sends no Origin is no browser (the native app): it opens, and still needs its token
    const client = await openLive(server.base);
    client.send({ type: "connect", token: "nope" });
    expect(await client.closed()).toBe(4401);
    // the refusals leave the hub serving: a page of the site still connects with its token
    const page = await openLive(server.base, server.config.publicOrigin);
    page.send({ type: "connect", token: anonymous });
    expect(await page.next((f) => f.type === "connected")).toEqual({ type: "connected", user_id: null });
    page.close();
  });

  it("R-LIVE-1 no connect frame in time closes 4408; a frame before connect closes 4400", async () => {
    liveSocketLimits.connectTimeoutMs = 300;
    try {
      const silent = await openLive(server.base);
      expect(await silent.closed()).toBe(4408);
    } finally {
      liveSocketLimits.connectTimeoutMs = defaults.connectTimeoutMs;
    }
    const early = await openLive(server.base);
    early.send({ type: "subscribe", room: marathon, since: null });
    expect(await early.closed()).toBe(4400);
  });

  it("R-LIVE-1 bad frames close 4400 (not JSON, binary, unknown type, bad fields); oversize frames close 1009", async () => {
    const bad: unknown[] = ["{not json", "[]", '"x"', { type: "dance" }, { type: "subscribe", room: "a b" }];
    bad.push({ type: "subscribe", room: marathon, since: -1 }, { type: "subscribe", room: marathon, since: 1.5 });
    for (const frame of bad) {
      const client = await openLive(server.base);
      client.send({ type: "connect", token: anonymous });
      await client.next((f) => f.type === "connected");
      client.send(frame);
      expect(await client.closed(), JSON.stringify(frame)).toBe(4400);
    }
    const binary = await openLive(server.base);
    binary.ws.send(Buffer.from([1, 2, 3]));
    expect(await binary.closed()).toBe(4400);
    const big = await openLive(server.base);
    big.send({ type: "connect", token: "x".repeat(5000) });
    expect(await big.closed()).toBe(1009);
  });

  it("R-LIVE-1 an unknown room answers an error frame 4404 and the connection stays", async () => {
    const { client, subscribed } = await joinLive(server.base, anonymous, "AAAAAAAAAA");
    expect(subscribed).toEqual({ type: "error", room: "AAAAAAAAAA", code: 4404 });
    client.send({ type: "ping" });
    expect(await client.next()).toEqual({ type: "pong" });
    client.close();
  });

  it("R-LIVE-1 a subscriber gets the room's state, then every message sent, numbered by the server", async () => {
    const { client, subscribed } = await joinLive(server.base, anonymous, marathon);
    expect(client.frames[0]).toEqual({ type: "connected", user_id: null });
    expect(subscribed).toMatchObject({ type: "subscribed", room: marathon, seq: 12, status: 1, likes: 8642 });
    expect(subscribed.online).toBeGreaterThanOrEqual(1);
    const sent = await send(marathon, "冲刺啦！");
    const chat = await client.next((f) => f.type === "chat");
    expect(chat).toEqual({ type: "chat", room: marathon, seq: 13, message: sent.body.data.id && expect.any(Object) });
    expect(chat.message).toMatchObject({ seq: 13, content: "冲刺啦！", id: sent.body.data.id });
    const named = await joinLive(server.base, user.token, marathon);
    expect(named.client.frames[0]).toMatchObject({ type: "connected", user_id: expect.any(Number) });
    client.close();
    named.client.close();
  });

  it("R-LIVE-1 a client that reconnects with its last seq gets exactly what it missed: no gap, no duplicate", async () => {
    const first = await joinLive(server.base, anonymous, ginkgo);
    const start = first.subscribed.seq as number;
    await send(ginkgo, "银杏叶落了一地");
    const seen = await first.client.next((f) => f.type === "chat");
    first.client.close();
    for (const text of ["好美的黄色", "下午阳光正好", "适合散步"]) await send(ginkgo, text);
    const again = await joinLive(server.base, anonymous, ginkgo, seen.seq);
    expect(again.subscribed.seq).toBe(start + 4);
    const missed = [await again.client.next(), await again.client.next(), await again.client.next()];
    expect(missed.map((f) => f.seq)).toEqual([start + 2, start + 3, start + 4]);
    expect(missed.map((f) => f.message.content)).toEqual(["好美的黄色", "下午阳光正好", "适合散步"]);
    await send(ginkgo, "再来一条");
    const live = await again.client.next((f) => f.type === "chat");
    expect(live.seq).toBe(start + 5);
    await sleep(200);
    const seqs = again.client.all("chat").map((f) => f.seq);
    expect(seqs).toEqual([start + 2, start + 3, start + 4, start + 5]);
    again.client.close();
  });

  it("R-LIVE-1 a client further behind than the history kept is told to resync", async () => {
    const { client, subscribed } = await joinLive(server.base, anonymous, marathon, 0);
    expect(subscribed.seq).toBeGreaterThan(10);
    expect(await client.next()).toEqual({ type: "resync", room: marathon, seq: subscribed.seq });
    client.close();
  });

  it("R-LIVE-2 likes are coalesced and online counts sent at most once a second per room; sockets outlive HTTP timeouts", async () => {
    const watcher = await joinLive(server.base, anonymous, concert);
    const started = Date.now();
    const others = await Promise.all([1, 2, 3].map(() => joinLive(server.base, anonymous, concert)));
    for (let i = 0; i < 6; i++) {
      await server.post(`/peony/v3/live/room/${concert}/like`, { msg_id: `coalesce-${i}`, count: 2 }, anonymous);
      await sleep(100);
    }
    await sleep(2300);
    const likes = watcher.client.all("likes");
    const online = watcher.client.all("online");
    const total = (await server.get(`/peony/v3/live/info/${concert}`)).body.data.like_count;
    expect(likes.length).toBeGreaterThanOrEqual(1);
    expect(likes.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000));
    expect(likes.reduce((sum: number, f: Frame) => sum + f.delta, 0)).toBe(12);
    expect(likes.at(-1)?.total).toBe(total);
    expect(online.length).toBeLessThanOrEqual(Math.ceil((Date.now() - started) / 1000));
    expect(online.at(-1)?.count).toBe(4);
    // open for 3 s, past REQUEST_TIMEOUT_MS
    expect(watcher.client.ws.readyState).toBe(watcher.client.ws.OPEN);
    for (const other of [watcher, ...others]) other.client.close();
  });

  it("R-LIVE-3 a room that starts is announced to its viewers without a reload", async () => {
    const { client, subscribed } = await joinLive(server.base, anonymous, concert);
    expect(subscribed.status).toBe(0);
    const editor = await editorSession(server, "editor");
    await server.put(`/editor/v3/live/room/${concert}/status`, { status: 1 }, null, editor.headers);
    const status = await client.next((f) => f.type === "status");
    expect(status).toMatchObject({ type: "status", room: concert, status: 1 });
    expect(Date.parse(status.start_time)).toBeLessThanOrEqual(Date.now());
    client.close();
  });

  it("R-LIVE-3 an upcoming room whose start time comes is started and announced by the server", async () => {
    const db = server.database.handle.db.withTables<LiveTables>();
    const id = server.app.publicIds.decode(market) as number;
    await db
      .updateTable("live_rooms")
      .set({ status: 0, start_time: Date.now() + 300 })
      .where("content_id", "=", id)
      .execute();
    const { client, subscribed } = await joinLive(server.base, anonymous, market);
    expect(subscribed.status).toBe(0);
    const status = await client.next((f) => f.type === "status", 4000);
    expect(status).toMatchObject({ room: market, status: 1 });
    expect((await server.get(`/peony/v3/live/info/${market}`)).body.data.status).toBe(1);
    client.close();
  });

  it("R-LIVE-1 a client sending frames too fast is closed 4429", async () => {
    const client = await openLive(server.base);
    client.send({ type: "connect", token: anonymous });
    for (let i = 0; i < 60; i++) client.send({ type: "ping" });
    expect(await client.closed()).toBe(4429);
  });

  it("R-LIVE-1 a slow consumer is closed, never buffered without bound", async () => {
    liveSocketLimits.maxBufferedBytes = 64 * 1024;
    try {
      const { client, subscribed } = await joinLive(server.base, anonymous, market);
      client.ws.pause();
      const content = "慢".repeat(2000);
      const message = { id: "x", user_id: 1, nickname: "测试", avatar: "", created_at: new Date().toISOString() };
      for (let i = 1; i <= 4000; i++) {
        server.app.liveHub.publishChat(market, { ...message, seq: subscribed.seq + i, content });
        if (i % 200 === 0) await sleep(5);
      }
      client.ws.resume();
      expect([4429, 1006]).toContain(await client.closed(5000));
      expect(client.all("chat").length).toBeLessThan(4000);
    } finally {
      liveSocketLimits.maxBufferedBytes = defaults.maxBufferedBytes;
    }
  });

  it("R-LIVE-1 heartbeats terminate a connection that stopped answering pings", async () => {
    liveSocketLimits.heartbeatMs = 100;
    try {
      const { client } = await joinLive(server.base, anonymous, ginkgo);
      client.ws.pause();
      await sleep(600);
      client.ws.resume();
      expect(await client.closed()).toBe(1006);
    } finally {
      liveSocketLimits.heartbeatMs = defaults.heartbeatMs;
    }
  });

  it("R-LIVE-1 the open connections are a metrics gauge", async () => {
    const { client } = await joinLive(server.base, anonymous, ginkgo);
    const text = await server.app.metrics.registry.getSingleMetricAsString("davmu_websocket_connections");
    expect(Number(text.match(/davmu_websocket_connections (\d+)/)?.[1])).toBeGreaterThanOrEqual(1);
    client.close();
  });

  it("R-LIVE-1 on shutdown every socket is closed 1001 so clients reconnect elsewhere and resume", async () => {
    const { client } = await joinLive(server.base, anonymous, marathon);
    closed = true;
    const closing = server.close();
    expect(await client.closed()).toBe(1001);
    await closing;
  });
});
