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

describe("moderating comments, report comments and live chat, on one server", () => {
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

  describe("the all queue: comments, report comments and live chat moderated in one place", () => {
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

  describe("banning a commenting user and their history", () => {
    const comment = (token: string, content: string) => server.post(`/peony/v1/comment/${post}`, { content }, token);
    const reportComment = (token: string, content: string) =>
      server.post(`/peony/v3/clue_report/${report}/comment`, { content }, token);
    const chat = (token: string, content: string) =>
      server.post(`/peony/v3/live/chat/${room}/send_msg`, { content }, token);

    /** A reader who wrote once in each of the three systems; answers their token and public user id. */
    async function author(tag: string) {
      const { token } = await server.login(nextPhone());
      const posted = await comment(token, `评论 ${tag}`);
      expect(posted.status, JSON.stringify(posted.body)).toBe(200);
      expect((await reportComment(token, `报料评论 ${tag}`)).status).toBe(200);
      expect((await chat(token, `聊天 ${tag}`)).status).toBe(200);
      const row = await server.app.comments.findById(server.app.publicIds.decode(posted.body.data.gid) as number);
      return { token, id: server.app.publicIds.encode(row?.user_id as number) };
    }

    it("R-MOD-2 the author's history lists their comments, report comments and chat messages, newest first, with their ban state", async () => {
      const reader = await author("历史");
      const history = await server.get(`/editor/v1/users/${reader.id}`, null, moderatorA.headers);
      expect(history.status, JSON.stringify(history.body)).toBe(200);
      expect(history.body.data.ban).toBeNull();
      expect(
        history.body.data.list.map((item: { kind: string; content: string }) => [item.kind, item.content]),
      ).toEqual([
        ["chat", "聊天 历史"],
        ["report_comment", "报料评论 历史"],
        ["comment", "评论 历史"],
      ]);
      // the moderation queue names the author, so the console can open this history
      const gid = (await comment(reader.token, "待审 www.example.com")).body.data.gid as string;
      const queue = await server.get("/editor/v1/comments?status=pending", null, moderatorA.headers);
      expect(queue.body.data.list.find((item: { gid: string }) => item.gid === gid)?.author_id).toBe(reader.id);
      const one = await server.get(`/editor/v1/users/${reader.id}?size=1`, null, moderatorA.headers);
      expect(one.body.data.list).toHaveLength(1);
    });

    it("R-MOD-2 a banned user's new comments, report comments and chat messages are refused with 403 until unbanned; both audited", async () => {
      const reader = await author("封禁");
      const banned = await server.post(
        `/editor/v1/users/${reader.id}/ban`,
        { reason: "刷屏广告" },
        null,
        moderatorA.headers,
      );
      expect(banned.status, JSON.stringify(banned.body)).toBe(200);
      expect(banned.body.msg).toBe("已封禁");
      for (const [send, message] of [
        [comment, "你已被管理员禁止发表评论"],
        [reportComment, "你已被管理员禁止发表评论"],
        [chat, "你已被管理员禁止发言"],
      ] as const) {
        const refused = await send(reader.token, "封禁后的新内容");
        expect(refused.status).toBe(403);
        expect(refused.body.msg).toBe(message);
      }
      const history = await server.get(`/editor/v1/users/${reader.id}`, null, moderatorB.headers);
      expect(history.body.data.ban).toMatchObject({ by: expect.stringContaining("moderator"), reason: "刷屏广告" });
      expect(history.body.data.list).toHaveLength(3);

      const lifted = await server.delete(`/editor/v1/users/${reader.id}/ban`, null, moderatorB.headers);
      expect(lifted.status).toBe(200);
      expect((await comment(reader.token, "解封后的评论")).status).toBe(200);
      expect((await chat(reader.token, "解封后的聊天")).status).toBe(200);
      // a second lifting finds nothing to lift
      expect((await server.delete(`/editor/v1/users/${reader.id}/ban`, null, moderatorA.headers)).status).toBe(409);

      const audit = await server.get(
        `/editor/v1/audit?target=${encodeURIComponent(`user:${reader.id}`)}`,
        null,
        admin.headers,
      );
      expect(audit.status).toBe(200);
      const actions = (audit.body.data.list as { action: string }[]).map((entry) => entry.action).sort();
      expect(actions).toEqual(["banUser", "unbanUser"]);
    });

    it("R-MOD-2 two moderators banning the same user at once: one 200, one 409 naming who banned them; one audit record", async () => {
      const reader = await author("并发");
      const answers = await Promise.all([
        server.post(`/editor/v1/users/${reader.id}/ban`, { reason: "" }, null, moderatorA.headers),
        server.post(`/editor/v1/users/${reader.id}/ban`, {}, null, moderatorB.headers),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const conflict = answers.find((answer) => answer.status === 409);
      expect(conflict?.body.msg).toMatch(/^该用户已由 .+封禁$/);
      const rows = await server.database.handle.db
        .withTables<{ editor_audit: { target: string; action: string } }>()
        .selectFrom("editor_audit")
        .select("action")
        .where("target", "=", `user:${reader.id}`)
        .execute();
      expect(rows.map((row) => row.action)).toEqual(["banUser"]);
    });

    it("R-CONSOLE-6 R-MOD-2 bad input to the ban and history calls: 4xx with a message", async () => {
      const reader = await author("坏输入");
      const bad: [string, string, unknown, number][] = [
        ["POST", `/editor/v1/users/${reader.id}/ban`, { reason: "长".repeat(201) }, 400],
        ["POST", `/editor/v1/users/${reader.id}/ban`, { reason: { text: "x" } }, 400],
        ["POST", "/editor/v1/users/not*an*id/ban", {}, 400],
        ["POST", "/editor/v1/users/AAAAAAAAAA/ban", {}, 404],
        ["DELETE", "/editor/v1/users/AAAAAAAAAA/ban", undefined, 404],
        ["GET", `/editor/v1/users/${reader.id}?size=0`, undefined, 400],
        ["GET", `/editor/v1/users/${reader.id}?size=101`, undefined, 400],
        ["GET", "/editor/v1/users/AAAAAAAAAA", undefined, 404],
      ];
      for (const [method, path, body, status] of bad) {
        const response = await fetch(server.base + path, {
          method,
          headers: { ...moderatorA.headers, ...(body === undefined ? {} : { "content-type": "application/json" }) },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const answer = (await response.json()) as { msg: string };
        expect(response.status, `${method} ${path}`).toBe(status);
        expect(answer.msg).toBeTruthy();
      }
      // an analyst or an editor may not ban
      for (const role of ["analyst", "editor"] as const) {
        const session = await editorSession(server, role);
        expect((await server.post(`/editor/v1/users/${reader.id}/ban`, {}, null, session.headers)).status).toBe(403);
      }
    });
  });
});
