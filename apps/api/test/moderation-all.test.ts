import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clueDb } from "../src/modules/clue-reports/tables.ts";
import { startTestServer, type TestServer } from "./helper.ts";
import { type EditorLogin, editorSession } from "./support/editors.ts";

let phone = 13955550000;
const nextPhone = () => String(phone++);

interface Item {
  kind: string;
  gid: string;
  content: string;
  status: string;
  author_id: string;
}

describe("the all queue: comments, report comments and live chat moderated in one place", () => {
  let server: TestServer;
  let moderatorA: EditorLogin;
  let moderatorB: EditorLogin;
  let admin: EditorLogin;
  let post: string;
  let room: string;
  let report: string;

  beforeAll(async () => {
    server = await startTestServer({ COMMENTS_PER_USER_PER_MINUTE: "50", COMMENTS_PER_IP_PER_MINUTE: "1000" });
    post = await server.demoPostId("demo-article-04");
    room = await server.demoPostId("demo-live-marathon");
    const row = await clueDb(server.database.handle.db)
      .selectFrom("clue_reports")
      .select("id")
      .where("external_key", "=", "demo-clue-01")
      .executeTakeFirstOrThrow();
    report = server.app.publicIds.encode(row.id);
    moderatorA = await editorSession(server, "moderator");
    moderatorB = await editorSession(server, "moderator");
    admin = await editorSession(server, "admin");
  });
  afterAll(() => server.close());

  const all = async () =>
    (await server.get("/editor/v1/comments?status=all&size=100", null, moderatorA.headers)).body.data.list as Item[];
  const moderate = (kind: string, gid: string, action: string, headers = moderatorA.headers) =>
    server.post(`/editor/v1/moderation/${kind}/${gid}`, { action }, null, headers);
  const chatHistory = async () =>
    (await server.get(`/peony/v3/live/chat/${room}?limit=50`)).body.data as {
      messages: { id: string; seq: number; content: string }[];
      seq: number;
    };

  /** One text of each system by a new reader, the chat message and report comment held (links). */
  async function texts(tag: string) {
    const { token } = await server.login(nextPhone());
    const comment = await server.post(`/peony/v1/comment/${post}`, { content: `评论${tag}` }, token);
    const reportComment = await server.post(
      `/peony/v3/clue_report/${report}/comment`,
      { content: `报料评论${tag} www.example.com` },
      token,
    );
    const held = await server.post(
      `/peony/v3/live/chat/${room}/send_msg`,
      { content: `待审消息${tag} www.example.com` },
      token,
    );
    const shown = await server.post(`/peony/v3/live/chat/${room}/send_msg`, { content: `聊天${tag}` }, token);
    for (const answer of [comment, reportComment, held, shown])
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(held.body.data.held).toBe(true);
    return {
      comment: comment.body.data.gid as string,
      reportComment: reportComment.body.data.gid as string,
      heldChat: held.body.data.id as string,
      chat: shown.body.data.id as string,
    };
  }

  it("R-MOD-2 the all queue lists comments, report comments and chat messages, held or shown, newest first, with their kinds", async () => {
    const made = await texts("全部");
    const list = await all();
    const mine = list.filter((item) => item.content.includes("全部"));
    expect(mine.map((item) => [item.kind, item.status])).toEqual([
      ["chat", "published"],
      ["chat", "pending"],
      ["report_comment", "pending"],
      ["comment", "published"],
    ]);
    expect(mine.map((item) => item.gid)).toEqual([made.chat, made.heldChat, made.reportComment, made.comment]);
    // the two queues of before stay as they were: held comments only
    const held = (await server.get("/editor/v1/comments?status=pending", null, moderatorA.headers)).body.data.list;
    expect(held.every((item: Item) => item.kind === "comment")).toBe(true);
  });

  it("R-MOD-2 R-LIVE-1 a held report comment approved, a held chat message approved with the room's next number, a chat message deleted from the history; each audited", async () => {
    const made = await texts("处理");
    const approved = await moderate("report_comment", made.reportComment, "approve");
    expect(approved.body).toEqual({ code: 0, msg: "已通过", data: null });
    const thread = await server.get(`/peony/v3/clue_report/${report}/comments?size=50`);
    expect(thread.body.data.list.some((c: { gid: string }) => c.gid === made.reportComment)).toBe(true);

    const before = await chatHistory();
    expect((await moderate("chat", made.heldChat, "approve")).status).toBe(200);
    const after = await chatHistory();
    expect(after.seq).toBe(before.seq + 1);
    expect(after.messages.at(-1)).toMatchObject({ id: made.heldChat, seq: after.seq });

    expect((await moderate("chat", made.chat, "delete")).body.msg).toBe("已删除");
    expect((await chatHistory()).messages.some((m) => m.id === made.chat)).toBe(false);
    expect((await all()).some((item) => item.gid === made.chat && item.kind === "chat")).toBe(false);
    // deleted once: a second deletion finds nothing
    expect((await moderate("chat", made.chat, "delete")).status).toBe(409);

    const audit = await server.get("/editor/v1/audit?action=moderateText&limit=200", null, admin.headers);
    const targets = (audit.body.data.list as { target: string }[]).map((entry) => entry.target);
    expect(targets).toEqual(
      expect.arrayContaining([`report_comment:${made.reportComment}`, `chat:${made.heldChat}`, `chat:${made.chat}`]),
    );
  });

  it("R-MOD-2 R-CONSOLE-5 two moderators on the same report comment or chat message: one 200, one 409 naming who handled it", async () => {
    const made = await texts("并发");
    for (const [kind, gid, first, second] of [
      ["report_comment", made.reportComment, "approve", "reject"],
      ["chat", made.heldChat, "approve", "reject"],
    ] as const) {
      const answers = await Promise.all([
        moderate(kind, gid, first, moderatorA.headers),
        moderate(kind, gid, second, moderatorB.headers),
      ]);
      expect(answers.map((answer) => answer.status).sort(), kind).toEqual([200, 409]);
      expect(answers.find((answer) => answer.status === 409)?.body.msg).toMatch(/^该(评论|消息)已由 .+处理（.+）$/);
      const rows = await server.database.handle.db
        .withTables<{ editor_audit: { target: string } }>()
        .selectFrom("editor_audit")
        .select("target")
        .where("target", "=", `${kind}:${gid}`)
        .execute();
      expect(rows).toHaveLength(1);
    }
  });

  it("R-CONSOLE-6 R-MOD-2 bad input to the all queue and to text moderation: 4xx with a message", async () => {
    const made = await texts("坏输入");
    const bad: [string, string, unknown, number][] = [
      ["GET", "/editor/v1/comments?status=everything", undefined, 400],
      ["POST", `/editor/v1/moderation/comment/${made.comment}`, { action: "approve" }, 400],
      ["POST", `/editor/v1/moderation/bogus/${made.chat}`, { action: "delete" }, 400],
      ["POST", `/editor/v1/moderation/chat/${made.chat}`, { action: "explode" }, 400],
      ["POST", `/editor/v1/moderation/chat/${made.chat}`, {}, 400],
      ["POST", "/editor/v1/moderation/chat/not*an*id", { action: "delete" }, 400],
      ["POST", "/editor/v1/moderation/chat/AAAAAAAAAA", { action: "delete" }, 404],
      ["POST", "/editor/v1/moderation/report_comment/AAAAAAAAAA", { action: "approve" }, 404],
      // approving a shown message: nothing awaits a moderator
      ["POST", `/editor/v1/moderation/chat/${made.chat}`, { action: "approve" }, 409],
    ];
    for (const [method, path, body, status] of bad) {
      const response = await fetch(server.base + path, {
        method,
        headers: { ...moderatorA.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const answer = (await response.json()) as { msg: string };
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(answer.msg).toBeTruthy();
    }
  });
});
