import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const key: Record<string, string> = {};
let phone = 13933330000;
const nextPhone = () => String(phone++);

describe("live rooms over HTTP", () => {
  let server: TestServer;
  let anonymous: string;
  let marathon: string;
  let concert: string;
  let replay: string;
  let article: string;

  beforeAll(async () => {
    server = await startTestServer({ LIVE_HISTORY_SIZE: "10", LIVE_CHAT_PER_USER_PER_MINUTE: "5" });
    Object.assign(key, (await editorSession(server, "editor")).headers);
    marathon = await server.demoPostId("demo-live-marathon");
    concert = await server.demoPostId("demo-live-concert");
    replay = await server.demoPostId("demo-live-museum-replay");
    article = await server.demoPostId("demo-article-01");
    anonymous = await server.anonymousToken();
  }, 30000);
  afterAll(() => server.close());

  it("R-ENT-LIVE live detail answers every field of spec §3: ids, title, status, times, counts, columns, playlists, switches, disclaimer, backgrounds", async () => {
    const { status, body } = await server.get(`/peony/v3/live/room/${marathon}`);
    expect(status).toBe(200);
    const room = body.data;
    expect(room).toMatchObject({
      live_id: marathon,
      post_id: marathon,
      group_id: "sports",
      title: "直播｜2026江澜马拉松全程直播",
      status: 1,
      end_time: null,
      orientation: "landscape",
      live_count: 12,
      like_count: 8642,
      share_count: 356,
      seq: 12,
      notice_switch: true,
      countdown_switch: true,
      booked: false,
    });
    for (const field of ["start_time", "online_count", "view_count", "disclaimer", "backgrounds", "intro", "cover"]) {
      expect(room, field).toHaveProperty(field);
    }
    expect(room.columns[0]).toEqual({ enable_chat: true, group_id: "chat", link_url: "", name: "互动", type: "chat" });
    expect(room.playlists[0]).toMatchObject({ type: "hls", play_url: "/media/video/hls/marathon/index.m3u8" });
    expect(room.share_link).toMatch(/\/davmu\/share\/news\/local_live\/\d{4}\/\d{2}\/[A-Za-z0-9_-]+\/index\.html$/);

    const upcoming = (await server.get(`/peony/v3/live/room/${concert}`)).body.data;
    expect(upcoming).toMatchObject({ status: 0, countdown_switch: true, booking_count: 1 });
    expect(Date.parse(upcoming.start_time)).toBeGreaterThan(Date.now());
    expect(upcoming.columns.map((c: { type: string }) => c.type)).toEqual(["chat", "intro", "link"]);
    const past = (await server.get(`/peony/v3/live/room/${replay}`)).body.data;
    expect(past).toMatchObject({ status: 3, countdown_switch: false });
    expect(past.playlists).toHaveLength(2);
    expect(past.end_time).not.toBeNull();
  });

  it("R-ENT-LIVE a `live` item's share link opens the local live route, and live items name their room", async () => {
    const { body } = await server.get(`/inner/static/content/${concert}`, anonymous);
    expect(body.data).toMatchObject({ content_type: "live", type: "local_live", live_id: concert });
    expect(body.data.share_link).toContain("/local_live/");
    const plain = await server.get(`/inner/static/content/${article}`, anonymous);
    expect(plain.body.data.live_id).toBeUndefined();
  });

  it("R-ENT-LIVE bad room ids: unknown or not a live 404, malformed 400, never 500", async () => {
    expect((await server.get("/peony/v3/live/room/AAAAAAAAAA")).status).toBe(404);
    expect((await server.get(`/peony/v3/live/room/${article}`)).status).toBe(404);
    expect((await server.get("/peony/v3/live/info/bad*id")).status).toBe(400);
    expect((await server.get(`/peony/v3/live/info/${"x".repeat(65)}`)).status).toBe(400);
    const unknown = await server.get("/peony/v3/live/chat/AAAAAAAAAA");
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ data: null, msg: "直播不存在或已下线" });
  });

  it("R-CONTENT-10 live info answers the status and counts alone", async () => {
    const { body } = await server.get(`/peony/v3/live/info/${marathon}`);
    expect(Object.keys(body.data).sort()).toEqual(
      [
        "booking_count",
        "end_time",
        "like_count",
        "live_count",
        "live_id",
        "online_count",
        "seq",
        "share_count",
        "start_time",
        "status",
        "view_count",
      ].sort(),
    );
    expect(body.data).toMatchObject({ status: 1, seq: 12, online_count: 0 });
  });

  it("R-LIVE-1 chat history: the latest messages ascending, after `since`, and resync when `since` is older than the history kept", async () => {
    const latest = (await server.get(`/peony/v3/live/chat/${marathon}?limit=5`)).body.data;
    expect(latest.messages.map((m: { seq: number }) => m.seq)).toEqual([8, 9, 10, 11, 12]);
    expect(latest).toMatchObject({ seq: 12, resync: false });
    expect(latest.messages[0]).toMatchObject({ nickname: expect.any(String), avatar: expect.any(String) });
    const after = (await server.get(`/peony/v3/live/chat/${marathon}?since=10`)).body.data;
    expect(after.messages.map((m: { seq: number }) => m.seq)).toEqual([11, 12]);
    const none = (await server.get(`/peony/v3/live/chat/${marathon}?since=12`)).body.data;
    expect(none).toMatchObject({ messages: [], seq: 12, resync: false });
    // LIVE_HISTORY_SIZE is 10 here: 12 - 1 > 10
    const old = (await server.get(`/peony/v3/live/chat/${marathon}?since=1&limit=3`)).body.data;
    expect(old.resync).toBe(true);
    expect(old.messages.map((m: { seq: number }) => m.seq)).toEqual([10, 11, 12]);
    const ahead = (await server.get(`/peony/v3/live/chat/${marathon}?since=999`)).body.data;
    expect(ahead.resync).toBe(true);
    for (const query of ["limit=0", "limit=51", "since=-1", "since=abc", "limit=1.5"]) {
      expect((await server.get(`/peony/v3/live/chat/${marathon}?${query}`)).status, query).toBe(400);
    }
  });

  it("R-CONTENT-10 R-MOD-1 sending a chat message needs login, is moderated and numbered; bad input is refused", async () => {
    const path = `/peony/v3/live/chat/${replay}/send_msg`;
    expect((await server.post(path, { content: "你好" })).status).toBe(401);
    expect((await server.post(path, { content: "你好" }, anonymous)).status).toBe(401);
    const { token } = await server.login(nextPhone());
    const sent = await server.post(path, { content: "  回放也很精彩  " }, token);
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({ seq: 1, content: "回放也很精彩", held: false });
    const second = await server.post(path, { content: "馆长讲得真好" }, token);
    expect(second.body.data.seq).toBe(2);
    expect((await server.post(path, { content: "馆长讲得真好" }, token)).status).toBe(409);
    const banned = await server.post(path, { content: "加我看六合彩" }, token);
    expect(banned.status).toBe(400);
    const held = await server.post(path, { content: "更多视频见 www.example.com" }, token);
    expect(held.body.data).toMatchObject({ held: true, seq: 0 });
    expect((await server.get(`/peony/v3/live/chat/${replay}`)).body.data.seq).toBe(2);
    for (const body of [{ content: "" }, { content: "   " }, { content: "长".repeat(201) }, {}]) {
      expect((await server.post(path, body, token)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect((await server.post("/peony/v3/live/chat/AAAAAAAAAA/send_msg", { content: "在吗" }, token)).status).toBe(404);
  });

  it("R-SEC-RATE chat sending is limited per user: 429 with the envelope beyond the limit", async () => {
    const { token } = await server.login(nextPhone());
    const path = `/peony/v3/live/chat/${marathon}/send_msg`;
    const statuses: number[] = [];
    let refused: { status: number; body: { code: number; msg: string; data: null } } | null = null;
    for (let i = 0; i < 6; i++) {
      const answer = await server.post(path, { content: `第${i}条加油` }, token);
      statuses.push(answer.status);
      if (answer.status === 429) refused = answer;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(refused?.body).toMatchObject({ code: expect.any(Number), msg: "发言过于频繁，请稍后再试", data: null });
  });

  it("R-CONTENT-10 R-API-ENDPOINTS a like sends the spec's msg_id: one tap, a repeated msg_id counted once; count sends taps together", async () => {
    const path = `/peony/v3/live/room/${marathon}/like`;
    expect((await server.post(path, { msg_id: "no-token" })).status).toBe(401);
    const before = (await server.get(`/peony/v3/live/info/${marathon}`)).body.data.like_count;
    // the spec's body: msg_id alone is one tap
    const single = await server.post(path, { msg_id: "spec-tap" }, anonymous);
    expect(single.status).toBe(200);
    expect(single.body.data).toEqual({ total: before + 1, delta: 1 });
    expect((await server.post(path, { msg_id: "spec-tap" }, anonymous)).body.data).toEqual({
      total: before + 1,
      delta: 0,
    });
    // the site's page sends a second's taps under one msg_id
    const first = await server.post(path, { count: 3, msg_id: "tap-1" }, anonymous);
    expect(first.body.data).toEqual({ total: before + 4, delta: 3 });
    const retry = await server.post(path, { count: 3, msg_id: "tap-1" }, anonymous);
    expect(retry.body.data).toEqual({ total: before + 4, delta: 0 });
    const more = await server.post(path, { msg_id: "tap-2", count: 50 }, anonymous);
    expect(more.body.data.total).toBe(before + 54);
    // another viewer's msg_id is their own
    const other = await server.anonymousToken();
    expect((await server.post(path, { msg_id: "spec-tap" }, other)).body.data.delta).toBe(1);
    expect((await server.get(`/peony/v3/live/info/${marathon}`)).body.data.like_count).toBe(before + 55);
    // a purge a day later forgets the msg_id (housekeeping)
    expect(await server.app.live.purgeLikeRequests(Date.now() + 1)).toBeGreaterThanOrEqual(1);
    const later = await server.post(path, { count: 1, msg_id: "tap-1" }, anonymous);
    expect(later.body.data.delta).toBe(1);
  });

  it("R-CONTENT-10 the same msg_id sent ten times at once is counted once", async () => {
    const path = `/peony/v3/live/room/${marathon}/like`;
    const before = (await server.get(`/peony/v3/live/info/${marathon}`)).body.data.like_count;
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => server.post(path, { msg_id: "parallel-tap", count: 2 }, anonymous)),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(answers.map((a) => a.body.data.delta).sort()).toEqual([0, 0, 0, 0, 0, 0, 0, 0, 0, 2]);
    expect((await server.get(`/peony/v3/live/info/${marathon}`)).body.data.like_count).toBe(before + 2);
  });

  it("R-CONTENT-10 R-SRV-4 likes without a usable msg_id or with a bad count get 400 and add nothing; an unknown room 404", async () => {
    const path = `/peony/v3/live/room/${marathon}/like`;
    const before = (await server.get(`/peony/v3/live/info/${marathon}`)).body.data.like_count;
    for (const body of [
      {},
      { count: 3 },
      { msg_id: "" },
      { msg_id: "a b" },
      { msg_id: "x".repeat(65) },
      { msg_id: "tap<script>" },
      { msg_id: null },
      { msg_id: "bad-count", count: 0 },
      { msg_id: "bad-count", count: 51 },
      { msg_id: "bad-count", count: 1.5 },
      { msg_id: "bad-count", count: -1 },
      { msg_id: "bad-count", count: "many" },
      { msg_id: "bad-count", count: null },
      "msg_id=form-encoded",
      "[]",
    ]) {
      const answer = await server.post(path, body, anonymous);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body, JSON.stringify(body)).toMatchObject({ msg: expect.any(String), data: null });
      expect(answer.body.code).not.toBe(0);
    }
    expect((await server.get(`/peony/v3/live/info/${marathon}`)).body.data.like_count).toBe(before);
    // a refused count did not use up its msg_id
    expect((await server.post(path, { msg_id: "bad-count" }, anonymous)).body.data.delta).toBe(1);
    const unknown = await server.post("/peony/v3/live/room/AAAAAAAAAA/like", { msg_id: "x" }, anonymous);
    expect(unknown.status).toBe(404);
  });

  it("R-CONTENT-10 booking once per user, un-booking idempotent, the booking list full and tiny", async () => {
    expect((await server.post("/peony/v3/booking", { booking_id: concert, booking_type: 1 }, anonymous)).status).toBe(
      401,
    );
    const { token } = await server.login(nextPhone());
    const booked = await server.post("/peony/v3/booking", { booking_id: concert, booking_type: 1 }, token);
    expect(booked.body.data).toEqual({ booking_id: concert, booked: true, booking_count: 2 });
    const twice = await server.post("/peony/v3/booking", { booking_id: concert, booking_type: 1 }, token);
    expect(twice.status).toBe(409);
    expect((await server.get(`/peony/v3/live/room/${concert}`, token)).body.data.booked).toBe(true);
    const list = (await server.get("/peony/v3/booking_list?booking_type=1", token)).body.data;
    expect(list.ids).toEqual([concert]);
    expect(list.list[0]).toMatchObject({ live_id: concert, status: 0, title: "直播预告｜澜江之夜·冬季音乐会" });
    const tiny = (await server.get("/peony/v3/booking_list?tiny=true", token)).body.data;
    expect(tiny).toEqual({ ids: [concert], list: [] });
    const cancelled = await server.post("/peony/v3/un_booking", { booking_id: concert, booking_type: 1 }, token);
    expect(cancelled.body.data).toEqual({ booking_id: concert, booked: false, booking_count: 1 });
    const again = await server.post("/peony/v3/un_booking", { booking_id: concert, booking_type: 1 }, token);
    expect(again.status).toBe(200);
    expect(again.body.data.booking_count).toBe(1);
    expect((await server.get("/peony/v3/booking_list", token)).body.data.ids).toEqual([]);
    const unknown = await server.post("/peony/v3/un_booking", { booking_id: "AAAAAAAAAA", booking_type: 1 }, token);
    expect(unknown.status).toBe(404);
    for (const body of [{ booking_id: concert, booking_type: 2 }, { booking_id: concert }, { booking_type: 1 }]) {
      expect((await server.post("/peony/v3/booking", body, token)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.get("/peony/v3/booking_list?booking_type=3", token)).status).toBe(400);
  });

  it("R-CONTENT-10 editors change a room's status; without the key 401, a bad status 400", async () => {
    const path = `/editor/v3/live/room/${concert}/status`;
    expect((await server.put(path, { status: 1 })).status).toBe(401);
    expect((await server.put(path, { status: 4 }, null, key)).status).toBe(400);
    const started = await server.put(path, { status: 1 }, null, key);
    expect(started.body.data).toMatchObject({ status: 1 });
    expect(Date.parse(started.body.data.start_time)).toBeLessThanOrEqual(Date.now());
    expect((await server.get(`/peony/v3/live/info/${concert}`)).body.data.status).toBe(1);
  });

  describe.runIf(testDialect === "postgres")("under concurrency on PostgreSQL", () => {
    it("R-LIVE-1 parallel sends from many users get distinct, consecutive sequence numbers", async () => {
      const users = await Promise.all(Array.from({ length: 8 }, () => server.login(nextPhone())));
      const start = (await server.get(`/peony/v3/live/info/${replay}`)).body.data.seq as number;
      const answers = await Promise.all(
        users.flatMap((user, u) =>
          [0, 1, 2].map((i) =>
            server.post(`/peony/v3/live/chat/${replay}/send_msg`, { content: `并发消息 ${u}-${i}` }, user.token),
          ),
        ),
      );
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const seqs = answers.map((a) => a.body.data.seq as number).sort((x, y) => x - y);
      expect(seqs).toEqual(Array.from({ length: 24 }, (_, i) => start + 1 + i));
    });

    it("R-SEC-RATE the per-user chat limit holds under parallel sends: exactly the limit passes", async () => {
      const { token } = await server.login(nextPhone());
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          server.post(`/peony/v3/live/chat/${replay}/send_msg`, { content: `抢发 ${i}` }, token),
        ),
      );
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(15);
    });

    it("R-CONTENT-10 booking twice at once records one booking", async () => {
      const { token } = await server.login(nextPhone());
      const answers = await Promise.all(
        Array.from({ length: 6 }, () =>
          server.post("/peony/v3/booking", { booking_id: replay, booking_type: 1 }, token),
        ),
      );
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409, 409, 409, 409]);
    });
  });
});
