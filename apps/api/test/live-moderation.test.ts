import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { type EditorLogin, editorSession } from "./support/editors.ts";

let phone = 13944440000;
const nextPhone = () => String(phone++);

describe("a live room's chat moderated: pin, mute", () => {
  let server: TestServer;
  let editor: EditorLogin;
  let moderator: EditorLogin;
  let admin: EditorLogin;
  let room: string;

  beforeAll(async () => {
    server = await startTestServer({ COMMENTS_PER_IP_PER_MINUTE: "1000" });
    room = await server.demoPostId("demo-live-marathon");
    editor = await editorSession(server, "editor");
    moderator = await editorSession(server, "moderator");
    admin = await editorSession(server, "admin");
  });
  afterAll(() => server.close());

  const send = (token: string, content: string) =>
    server.post(`/peony/v3/live/chat/${room}/send_msg`, { content }, token);
  const moderation = async (headers = editor.headers) =>
    (await server.get(`/editor/v3/live/room/${room}/chat`, null, headers)).body.data as {
      messages: { id: string; author_id: string; content: string; status: string }[];
      pinned_id: string | null;
      muted: { user_id: string; nickname: string }[];
    };

  it("R-LIVE-1 an editor pins a published message: the room's detail shows it pinned for every viewer, until unpinned or deleted", async () => {
    const { token } = await server.login(nextPhone());
    const sent = await send(token, "置顶这条：比赛 8 点开始");
    const id = sent.body.data.id as string;
    const pinned = await server.put(`/editor/v3/live/room/${room}/pin`, { message_id: id }, null, editor.headers);
    expect(pinned.body).toEqual({ code: 0, msg: "已置顶", data: null });
    const detail = await server.get(`/peony/v3/live/room/${room}`);
    expect(detail.body.data.pinned).toMatchObject({ id, content: "置顶这条：比赛 8 点开始" });
    expect((await moderation()).pinned_id).toBe(id);

    // a held message cannot be pinned; an unknown one neither
    const held = await send(token, "看这里 www.example.com");
    for (const message_id of [held.body.data.id, "AAAAAAAAAA"]) {
      expect((await server.put(`/editor/v3/live/room/${room}/pin`, { message_id }, null, editor.headers)).status).toBe(
        404,
      );
    }
    expect((await server.get(`/peony/v3/live/room/${room}`)).body.data.pinned?.id).toBe(id);

    // a deleted message is pinned no more
    expect(
      (await server.post(`/editor/v1/moderation/chat/${id}`, { action: "delete" }, null, moderator.headers)).status,
    ).toBe(200);
    expect((await server.get(`/peony/v3/live/room/${room}`)).body.data.pinned).toBeNull();

    const again = await send(token, "再置顶一条");
    await server.put(`/editor/v3/live/room/${room}/pin`, { message_id: again.body.data.id }, null, moderator.headers);
    const unpinned = await server.put(`/editor/v3/live/room/${room}/pin`, { message_id: null }, null, editor.headers);
    expect(unpinned.body.msg).toBe("已取消置顶");
    expect((await server.get(`/peony/v3/live/room/${room}`)).body.data.pinned).toBeNull();

    const audit = await server.get(`/editor/v1/audit?action=pinLiveMessage&limit=200`, null, admin.headers);
    expect(audit.body.data.list.length).toBeGreaterThanOrEqual(3);
  });

  it("R-LIVE-1 a user muted in a room: their messages there are refused with 403 until unmuted; other rooms and users unaffected; audited", async () => {
    const reader = await server.login(nextPhone());
    const other = await server.login(nextPhone());
    const first = await send(reader.token, "我先说一句");
    expect(first.status).toBe(200);
    const author = (await moderation()).messages.find((m) => m.id === first.body.data.id)?.author_id as string;
    expect(author).toBeTruthy();

    const muted = await server.put(`/editor/v3/live/room/${room}/mutes/${author}`, undefined, null, moderator.headers);
    expect(muted.status, JSON.stringify(muted.body)).toBe(200);
    expect((await moderation()).muted.map((m) => m.user_id)).toContain(author);
    const refused = await send(reader.token, "禁言后再说");
    expect(refused.status).toBe(403);
    expect(refused.body.msg).toBe("你已被禁止在本直播间发言");
    expect((await send(other.token, "别人照常发言")).status).toBe(200);
    const concert = await server.demoPostId("demo-live-concert");
    const elsewhere = await server.post(
      `/peony/v3/live/chat/${concert}/send_msg`,
      { content: "另一个直播间" },
      reader.token,
    );
    expect(elsewhere.status).not.toBe(403);

    // muting twice: 409; unmuting lets them speak; unmuting twice: 409
    expect(
      (await server.put(`/editor/v3/live/room/${room}/mutes/${author}`, undefined, null, editor.headers)).status,
    ).toBe(409);
    expect((await server.delete(`/editor/v3/live/room/${room}/mutes/${author}`, null, editor.headers)).status).toBe(
      200,
    );
    expect((await send(reader.token, "解除禁言后")).status).toBe(200);
    expect((await server.delete(`/editor/v3/live/room/${room}/mutes/${author}`, null, editor.headers)).status).toBe(
      409,
    );

    const rows = await server.database.handle.db
      .withTables<{ editor_audit: { id: number; target: string; action: string } }>()
      .selectFrom("editor_audit")
      .select("action")
      .where("target", "=", `live:${room}:user:${author}`)
      .orderBy("id")
      .execute();
    expect(rows.map((row) => row.action)).toEqual(["muteLiveUser", "unmuteLiveUser"]);
  });

  it("R-LIVE-1 an editor removes a message from the room: gone from the chat history; a second removal 409; another room's message 404", async () => {
    const { token } = await server.login(nextPhone());
    const sent = await send(token, "要被删除的消息");
    const id = sent.body.data.id as string;
    const concert = await server.demoPostId("demo-live-concert");
    expect((await server.delete(`/editor/v3/live/room/${concert}/messages/${id}`, null, editor.headers)).status).toBe(
      404,
    );
    const removed = await server.delete(`/editor/v3/live/room/${room}/messages/${id}`, null, editor.headers);
    expect(removed.body).toEqual({ code: 0, msg: "已删除", data: null });
    const history = (await server.get(`/peony/v3/live/chat/${room}?limit=50`)).body.data.messages as { id: string }[];
    expect(history.some((m) => m.id === id)).toBe(false);
    const again = await server.delete(`/editor/v3/live/room/${room}/messages/${id}`, null, moderator.headers);
    expect(again.status).toBe(409);
    expect(again.body.msg).toMatch(/^该消息已由 .+处理（已删除）$/);
  });

  it("R-LIVE-1 two editors muting the same user at once: one 200, one 409", async () => {
    const reader = await server.login(nextPhone());
    const sent = await send(reader.token, "并发禁言");
    const author = (await moderation()).messages.find((m) => m.id === sent.body.data.id)?.author_id as string;
    const answers = await Promise.all([
      server.put(`/editor/v3/live/room/${room}/mutes/${author}`, undefined, null, editor.headers),
      server.put(`/editor/v3/live/room/${room}/mutes/${author}`, undefined, null, moderator.headers),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
  });

  it("R-CONSOLE-6 R-LIVE-1 bad input to the pin and mute calls: 4xx with a message; an analyst is refused", async () => {
    const bad: [string, string, unknown, number][] = [
      ["PUT", `/editor/v3/live/room/${room}/pin`, {}, 400],
      ["PUT", `/editor/v3/live/room/${room}/pin`, { message_id: "not*an*id" }, 400],
      ["PUT", `/editor/v3/live/room/${room}/pin`, { message_id: { id: 1 } }, 400],
      ["PUT", "/editor/v3/live/room/AAAAAAAAAA/pin", { message_id: null }, 404],
      ["PUT", `/editor/v3/live/room/${room}/mutes/AAAAAAAAAA`, undefined, 404],
      ["PUT", `/editor/v3/live/room/${room}/mutes/not*an*id`, undefined, 400],
      ["DELETE", "/editor/v3/live/room/AAAAAAAAAA/mutes/AAAAAAAAAA", undefined, 404],
      ["GET", "/editor/v3/live/room/AAAAAAAAAA/chat", undefined, 404],
    ];
    for (const [method, path, body, status] of bad) {
      const response = await fetch(server.base + path, {
        method,
        headers: { ...editor.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as { msg: string };
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(answer.msg).toBeTruthy();
    }
    const analyst = await editorSession(server, "analyst");
    expect((await server.get(`/editor/v3/live/room/${room}/chat`, null, analyst.headers)).status).toBe(403);
  });
});
