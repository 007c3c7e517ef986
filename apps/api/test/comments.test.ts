import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEditorKey } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

let phoneSeq = 0;
const nextPhone = () => `1350000${String(1000 + phoneSeq++).padStart(4, "0")}`;

describe("comments and replies", () => {
  let server: TestServer;
  let post: string;
  let closedPost: string;
  let anonymous: string;
  beforeAll(async () => {
    server = await startTestServer();
    Object.assign(editor, (await editorSession(server, "moderator")).headers);
    post = await server.demoPostId("demo-article-04");
    closedPost = await server.demoPostId("demo-article-10");
    anonymous = await server.anonymousToken();
  });
  afterAll(() => server.close());

  const comment = (token: string, body: Record<string, unknown>, id = post) =>
    server.post(`/peony/v1/comment/${id}`, body, token);
  const list = (query = "", token: string | null = anonymous, id = post) =>
    server.get(`/peony/v1/comment/${id}${query}`, token);
  const editor: Record<string, string> = {};

  it("R-UI-COMMENTS the demo comments list newest first with author, location and reply count", async () => {
    const demo = await server.demoPostId("demo-article-01");
    const { status, body } = await list("", anonymous, demo);
    expect(status).toBe(200);
    expect(body.data.total).toBe(5);
    expect(body.data.list.map((c: { alias: string }) => c.alias)).toEqual(["澜溪边的猫", "银杏大道晨跑人"]);
    const first = body.data.list[0];
    expect(first).toMatchObject({
      ip_location: "江澜",
      reply_count: 3,
      comment_type: 0,
      level: 1,
      star: false,
      replys: [],
    });
    expect(first.avatar).toMatch(/^\/media\/avatars\//);
    expect(Date.parse(first.created_at)).toBeLessThan(Date.now());
  });

  it("R-ENT-COMMENT a comment carries every field of spec §3", async () => {
    const demo = await server.demoPostId("demo-article-01");
    const top = (await list("", anonymous, demo)).body.data.list[0];
    for (const field of [
      "gid",
      "content",
      "alias",
      "avatar",
      "user",
      "created_at",
      "ip_location",
      "star",
      "star_count",
      "reply_count",
      "reply_alias",
      "owner_user_id",
      "comment_type",
      "replys",
      "level",
    ]) {
      expect(top, field).toHaveProperty(field);
    }
    expect(top.user).toHaveProperty("mp_name");
  });

  it("R-CONTENT-4 replies load per comment, oldest first, naming whom a reply answers", async () => {
    const demo = await server.demoPostId("demo-article-01");
    const top = (await list("", anonymous, demo)).body.data.list[0];
    const { body } = await server.get(`/peony/v1/comment/${demo}/${top.gid}`, anonymous);
    expect(body.data.list.map((r: { content: string }) => r.content)).toEqual([
      "同感，老人家也有地方下棋了。",
      "希望能多装几盏路灯，晚上有点暗。",
      "路灯已经在装了，昨天看到工人在施工。",
    ]);
    expect(body.data.list[2]).toMatchObject({
      level: 2,
      comment_type: 1,
      parent_id: top.gid,
      reply_alias: "米粉爱好者阿珍",
    });
    expect(body.data.total).toBe(3);
  });

  it("R-CONTENT-8 a post without comments answers an empty list", async () => {
    const quiet = await server.demoPostId("demo-article-12");
    const { body } = await list("", anonymous, quiet);
    expect(body.data).toMatchObject({ list: [], total: 0, has_more: false, next_cursor: null });
  });

  it("R-CONTENT-9 pages hold 10 from page 1; the cursor walks every comment once, as page numbers do", async () => {
    const { token } = await server.login(nextPhone());
    const target = await server.demoPostId("demo-article-11");
    const db = server.database.handle.db;
    const user = await db.selectFrom("users").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();
    const content = await db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "demo-article-11")
      .executeTakeFirstOrThrow();
    await db
      .insertInto("comments")
      .values(
        Array.from({ length: 23 }, (_, i) => ({
          content_id: content.id,
          user_id: user.id,
          root_id: 0,
          target_user_id: null,
          target_alias: "",
          body: `第${i + 1}条`,
          status: "published" as const,
          hold_reason: "",
          ip_location: "",
          star_count: 0,
          reply_count: 0,
          report_count: 0,
          created_at: Date.now() - (23 - i) * 1000,
        })),
      )
      .execute();
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const answer: { body: { data: { list: { content: string }[]; next_cursor: string | null; size: number } } } =
        await list(cursor ? `?cursor=${cursor}` : "", token, target);
      expect(answer.body.data.size).toBe(10);
      seen.push(...answer.body.data.list.map((c) => c.content));
      cursor = answer.body.data.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(3);
    expect(seen).toHaveLength(23);
    expect(seen[0]).toBe("第23条");
    expect(new Set(seen).size).toBe(23);
    const page3 = await list("?page=3", token, target);
    expect(page3.body.data.list.map((c: { content: string }) => c.content)).toEqual(seen.slice(20));
  });

  it("R-SEC-XSS comment text is stored and answered as the exact text, markup included", async () => {
    const { token } = await server.login(nextPhone());
    const payload = `<img src=x onerror="alert(1)"><script>alert(2)</script>`;
    const posted = await comment(token, { content: payload, comment_type: 0 });
    expect(posted.body.code).toBe(0);
    expect(posted.body.data.content).toBe(payload);
    const row = await server.database.handle.db
      .selectFrom("comments")
      .select("body")
      .where("body", "like", "%onerror%")
      .executeTakeFirstOrThrow();
    expect(row.body).toBe(payload);
  });

  it("R-CONTENT-7 a comment is posted, counted, and answered with 评论成功; a reply counts on its thread", async () => {
    const { token, userId } = await server.login(nextPhone());
    const before = (await list()).body.data.total;
    const posted = await comment(token, { content: "  地铁开通后上班方便多了  ", comment_type: 0, track_id: "t-1" });
    expect(posted.body).toMatchObject({ code: 0, msg: "评论成功" });
    expect(posted.body.data).toMatchObject({
      content: "地铁开通后上班方便多了",
      owner_user_id: userId,
      status: "published",
      mine: true,
      level: 1,
    });
    const other = await server.login(nextPhone());
    const reply = await comment(other.token, {
      content: "同感",
      comment_type: 1,
      parent_id: posted.body.data.gid,
      target_user_id: userId,
      target_user_alias: "伪造的名字",
    });
    expect(reply.body.data).toMatchObject({ level: 2, parent_id: posted.body.data.gid });
    // replying to a reply threads under the top-level comment and names the real author
    const nested = await comment(token, { content: "是啊", comment_type: 1, parent_id: reply.body.data.gid });
    expect(nested.body.data.parent_id).toBe(posted.body.data.gid);
    expect(nested.body.data.reply_alias).toBe(reply.body.data.alias);
    const after = await list();
    expect(after.body.data.total).toBe(before + 3);
    expect(after.body.data.list[0]).toMatchObject({ gid: posted.body.data.gid, reply_count: 2 });
  });

  it("R-CONTENT-5 empty or blank comments get 400 评论内容不能为空 and nothing is stored", async () => {
    const { token } = await server.login(nextPhone());
    const before = await server.database.handle.db.selectFrom("comments").select("id").execute();
    const blank = await comment(token, { content: "   \n  " });
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe("评论内容不能为空");
    const empty = await comment(token, { content: "" });
    expect(empty.status).toBe(400);
    const tooLong = await comment(token, { content: "长".repeat(501) });
    expect(tooLong.status).toBe(400);
    const after = await server.database.handle.db.selectFrom("comments").select("id").execute();
    expect(after.length).toBe(before.length);
  });

  it("R-CONTENT-5 comments on a post with comments closed get 403 评论已关闭", async () => {
    const { token } = await server.login(nextPhone());
    const answer = await comment(token, { content: "想说两句" }, closedPost);
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ code: 403, msg: "评论已关闭", data: null });
  });

  it("R-LOGIN-13 commenting needs a logged-in user: anonymous and missing tokens get 401", async () => {
    const anon = await comment(anonymous, { content: "路过" });
    expect(anon.status).toBe(401);
    expect(anon.body.msg).toBe("请先登录");
    expect((await server.post(`/peony/v1/comment/${post}`, { content: "路过" }, null)).status).toBe(401);
  });

  it("R-SRV-4 bad post ids, unknown posts and bad parents get 4xx envelopes", async () => {
    const { token } = await server.login(nextPhone());
    expect((await comment(token, { content: "x" }, "not*valid")).status).toBe(400);
    const unknown = await comment(token, { content: "x" }, "ZZZZZZZZ");
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(10024);
    expect((await comment(token, { content: "x", parent_id: "ZZZZZZZZ" })).status).toBe(404);
    expect((await comment(token, { content: "x", comment_type: 1 })).body.msg).toBe("参数错误：回复需要 parent_id");
    expect((await list("?size=500")).status).toBe(400);
    expect((await list("?cursor=ZZZZZZZZ")).status).toBe(400);
    expect((await list("?page=0")).status).toBe(400);
    // a reply must stay on its own post
    const elsewhere = (await list("", anonymous, await server.demoPostId("demo-article-01"))).body.data.list[0].gid;
    expect((await comment(token, { content: "串楼", parent_id: elsewhere })).status).toBe(404);
  });

  it("R-MOD-1 banned words are refused, even spaced out or full-width", async () => {
    const { token } = await server.login(nextPhone());
    for (const content of ["线上赌博稳赚", "赌 博", "赌·博", "代开发票请联系"]) {
      const answer = await comment(token, { content });
      expect(answer.status, content).toBe(400);
      expect(answer.body.msg).toBe("评论内容包含违规词语，请修改后再发");
    }
  });

  it("R-MOD-1 listed rude words are masked and the comment goes through", async () => {
    const { token } = await server.login(nextPhone());
    const answer = await comment(token, { content: "这个脑残设计谁想的" });
    expect(answer.body.data.content).toBe("这个＊＊设计谁想的");
  });

  it("R-MOD-1 a comment with a link is held: its author sees it, others do not, and it is not counted", async () => {
    const author = await server.login(nextPhone());
    const other = await server.login(nextPhone());
    const before = (await list()).body.data.total;
    const held = await comment(author.token, { content: "详情看 www.example.com 哦" });
    expect(held.body).toMatchObject({ code: 0, msg: "评论已提交，审核通过后展示" });
    expect(held.body.data.status).toBe("pending");
    const mine = await list("", author.token);
    expect(mine.body.data.list.some((c: { gid: string }) => c.gid === held.body.data.gid)).toBe(true);
    const theirs = await list("", other.token);
    expect(theirs.body.data.list.some((c: { gid: string }) => c.gid === held.body.data.gid)).toBe(false);
    const anon = await list("", null);
    expect(anon.body.data.list.some((c: { gid: string }) => c.gid === held.body.data.gid)).toBe(false);
    expect(anon.body.data.total).toBe(before);

    // an editor approves it: now everyone sees it and it counts
    const queue = await server.get("/editor/v1/comments?status=pending", null, editor);
    expect(queue.body.data.list.map((c: { gid: string }) => c.gid)).toContain(held.body.data.gid);
    expect(queue.body.data.list.find((c: { gid: string }) => c.gid === held.body.data.gid).hold_reason).toBe("link");
    const approved = await server.post(
      `/editor/v1/comments/${held.body.data.gid}`,
      { action: "approve" },
      null,
      editor,
    );
    expect(approved.body.code).toBe(0);
    const now = await list("", other.token);
    expect(now.body.data.list.some((c: { gid: string }) => c.gid === held.body.data.gid)).toBe(true);
    expect(now.body.data.total).toBe(before + 1);
  });

  it("R-MOD-1 the same text twice within 60 s is refused with 409", async () => {
    const { token } = await server.login(nextPhone());
    expect((await comment(token, { content: "好消息！" })).body.code).toBe(0);
    const again = await comment(token, { content: "好消息！" });
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe("请勿重复发表相同的评论");
  });

  it("R-SEC-RATE more than 5 comments a minute from one user get 429", async () => {
    const { token } = await server.login(nextPhone());
    const statuses = [];
    for (let i = 0; i < 7; i++) statuses.push((await comment(token, { content: `第${i}次发言` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it("R-MOD-2 reports: one per user, not one's own, and five hold the comment for an editor", async () => {
    const author = await server.login(nextPhone());
    const posted = await comment(author.token, { content: "有争议的观点" });
    const gid = posted.body.data.gid as string;
    const report = (token: string) =>
      server.post(`/peony/v1/comment/${post}/${gid}/report`, { reason: "abuse", detail: "人身攻击" }, token);
    expect((await report(author.token)).body.msg).toBe("不能举报自己的评论");
    const reporters = [];
    for (let i = 0; i < 5; i++) reporters.push(await server.login(nextPhone()));
    const first = await report((reporters[0] as { token: string }).token);
    expect(first.body).toEqual({ code: 0, msg: "举报成功，我们会尽快处理", data: { reported: true } });
    await report((reporters[0] as { token: string }).token); // counted once
    const reported = await server.get("/editor/v1/comments?status=reported", null, editor);
    expect(reported.body.data.list.find((c: { gid: string }) => c.gid === gid).report_count).toBe(1);
    for (const r of reporters.slice(1)) await report(r.token);
    const visible = await list("", anonymous);
    expect(visible.body.data.list.some((c: { gid: string }) => c.gid === gid)).toBe(false);
    const pending = await server.get("/editor/v1/comments?status=pending", null, editor);
    expect(pending.body.data.list.find((c: { gid: string }) => c.gid === gid)).toMatchObject({
      hold_reason: "reports",
      report_count: 5,
    });
    const bad = await server.post(`/peony/v1/comment/${post}/${gid}/report`, { reason: "because" }, author.token);
    expect(bad.status).toBe(400);
  });

  it("R-MOD-2 R-CONSOLE-2 moderators reject or delete; an editor's session is required", async () => {
    const { token } = await server.login(nextPhone());
    const posted = await comment(token, { content: "等待处理的评论" });
    const gid = posted.body.data.gid as string;
    expect((await server.get("/editor/v1/comments", null)).status).toBe(401);
    expect((await server.get("/editor/v1/comments", null, { "x-api-key": "wrong" })).status).toBe(401);
    expect((await server.post(`/editor/v1/comments/${gid}`, { action: "reject" }, null, editor)).body.msg).toBe(
      "已驳回",
    );
    expect((await list("", token)).body.data.list.some((c: { gid: string }) => c.gid === gid)).toBe(false);
    expect((await server.delete(`/editor/v1/comments/${gid}`, null, editor)).body.msg).toBe("已删除");
    expect((await server.delete(`/editor/v1/comments/${gid}`, null, editor)).status).toBe(404);
    expect((await server.post(`/editor/v1/comments/${gid}`, { action: "explode" }, null, editor)).status).toBe(400);
  });

  it("R-CONSOLE-2 the shared editors' key no longer opens moderation: only the content import takes it", async () => {
    const answer = await server.get("/editor/v1/comments", null, { "x-api-key": testEditorKey });
    expect(answer.status).toBe(401);
    expect(answer.body.msg).toBe("请先登录编辑账号");
  });

  it("R-SEC-TOKEN a user's comments cannot be moderated or deleted through user endpoints", async () => {
    const author = await server.login(nextPhone());
    const posted = await comment(author.token, { content: "我的评论" });
    const other = await server.login(nextPhone());
    const hijack = await server.post(`/editor/v1/comments/${posted.body.data.gid}`, { action: "reject" }, other.token);
    expect(hijack.status).toBe(401);
    const del = await server.delete(`/editor/v1/comments/${posted.body.data.gid}`, other.token);
    expect(del.status).toBe(401);
    expect(
      (await list("", other.token)).body.data.list.some((c: { gid: string }) => c.gid === posted.body.data.gid),
    ).toBe(true);
  });

  it("R-API-ENDPOINTS media-account variants: /dinner/comment lists and /guzzle/v1/comment posts on mp posts only", async () => {
    const mpPost = await server.demoPostId("demo-article-02");
    const { token } = await server.login(nextPhone());
    const posted = await server.post(`/guzzle/v1/comment/${mpPost}`, { content: "媒体号的文章写得好" }, token);
    expect(posted.body.code).toBe(0);
    const listed = await server.get(`/dinner/comment/${mpPost}`, token);
    expect(listed.body.data.list[0].gid).toBe(posted.body.data.gid);
    const siteOwn = await server.demoPostId("demo-article-05");
    const refused = await server.post(`/guzzle/v1/comment/${siteOwn}`, { content: "不是媒体号" }, token);
    expect(refused.status).toBe(404);
    const inner = await server.get(`/inner/comment/${mpPost}`, null);
    expect(inner.body.data.list.length).toBeGreaterThan(0);
  });

  it("R-API-ENDPOINTS R-CONTENT-9 R-CONTENT-4 GET /guzzle/v1/comment/{id} pages a media-account post's comments 10 at a time from page 1, and /{cid} its replies", async () => {
    const mpPost = await server.demoPostId("demo-article-08");
    const db = server.database.handle.db;
    const content = await db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "demo-article-08")
      .executeTakeFirstOrThrow();
    const author = (await db.selectFrom("users").select("id").orderBy("id").executeTakeFirstOrThrow()).id;
    await db
      .insertInto("comments")
      .values(
        Array.from({ length: 13 }, (_, i) => ({
          content_id: content.id,
          user_id: author,
          root_id: 0,
          target_user_id: null,
          target_alias: "",
          body: `媒体号第${i + 1}条`,
          status: "published" as const,
          hold_reason: "",
          ip_location: "",
          star_count: 0,
          reply_count: 0,
          report_count: 0,
          created_at: Date.now() - (13 - i) * 1000,
        })),
      )
      .execute();
    const guzzle = (query = "", token: string | null = anonymous, id = mpPost) =>
      server.get(`/guzzle/v1/comment/${id}${query}`, token);

    // no page named is page 1 of 10, newest first, and the same thread the dinner call reads
    const first = await guzzle();
    expect(first.status).toBe(200);
    expect(first.body.code).toBe(0);
    expect(first.body.data).toMatchObject({ page: 1, size: 10, has_more: true });
    const contents = (answer: { body: { data: { list: { content: string }[] } } }) =>
      answer.body.data.list.map((c) => c.content);
    const ours = contents(first).filter((text) => text.startsWith("媒体号第"));
    expect(ours.slice(0, 3)).toEqual(["媒体号第13条", "媒体号第12条", "媒体号第11条"]);
    expect(first.body.data.list).toHaveLength(10);
    expect((await server.get(`/dinner/comment/${mpPost}`, anonymous)).body.data).toEqual(first.body.data);
    // page 2 by number and by cursor hold the same comments, none of page 1's; without a token too
    const second = await guzzle("?page=2", null);
    expect(second.status).toBe(200);
    expect(contents(second)).toEqual(contents(await guzzle(`?cursor=${first.body.data.next_cursor}`)));
    expect(contents(second).some((text) => contents(first).includes(text))).toBe(false);
    expect(contents(second)).toContain("媒体号第1条");
    expect(contents(await guzzle("?size=5")).length).toBe(5);

    // replies of a demo thread, oldest first, naming whom a reply answers
    const threaded = await server.demoPostId("demo-article-02");
    const top = (await guzzle("?size=50", anonymous, threaded)).body.data.list.find((c: { content: string }) =>
      c.content.startsWith("终于开通了"),
    );
    const replies = await server.get(`/guzzle/v1/comment/${threaded}/${top.gid}`, anonymous);
    expect(replies.status).toBe(200);
    expect(contents(replies)).toEqual(["早高峰不知道会不会很挤", "听说高峰期两分半一趟，应该还好。"]);
    expect(replies.body.data).toMatchObject({ total: 2, page: 1, size: 10, has_more: false });
    expect(replies.body.data.list[1]).toMatchObject({ level: 2, comment_type: 1, parent_id: top.gid });
    expect((await server.get(`/peony/v1/comment/${threaded}/${top.gid}`, anonymous)).body.data).toEqual(
      replies.body.data,
    );
  });

  it("R-SRV-4 R-CONTENT-9 /guzzle/v1/comment reads refuse bad ids, unknown or non-media-account posts and bad paging with 4xx", async () => {
    const mpPost = await server.demoPostId("demo-article-02");
    const siteOwn = await server.demoPostId("demo-article-05");
    const top = (await server.get(`/guzzle/v1/comment/${mpPost}?size=50`, anonymous)).body.data.list.find(
      (c: { reply_count: number }) => c.reply_count > 0,
    );
    const reply = (await server.get(`/guzzle/v1/comment/${mpPost}/${top.gid}`, anonymous)).body.data.list[0];
    const ownTop = (await server.get(`/peony/v1/comment/${siteOwn}`, anonymous)).body.data.list[0];
    expect(reply.comment_type).toBe(1);
    expect(ownTop.gid).toEqual(expect.any(String));
    const refused = async (path: string, status: number) => {
      const answer = await server.get(path, anonymous);
      expect(answer.status, path).toBe(status);
      expect(answer.body, path).toMatchObject({ code: expect.any(Number), msg: expect.any(String), data: null });
      expect(answer.body.code, path).not.toBe(0);
      return answer;
    };
    for (const bad of ["not*valid", "a%20b", "x".repeat(65)]) {
      await refused(`/guzzle/v1/comment/${bad}`, 400);
      await refused(`/guzzle/v1/comment/${mpPost}/${bad}`, 400);
    }
    expect((await refused("/guzzle/v1/comment/ZZZZZZZZ", 404)).body.code).toBe(10024);
    await refused(`/guzzle/v1/comment/${siteOwn}`, 404);
    await refused(`/guzzle/v1/comment/${siteOwn}/${ownTop.gid}`, 404);
    await refused(`/guzzle/v1/comment/${mpPost}/ZZZZZZZZ`, 404);
    // a reply's replies are not a thread; another post's comment is not this post's
    await refused(`/guzzle/v1/comment/${mpPost}/${reply.gid}`, 400);
    const elsewhere = (await server.get(`/guzzle/v1/comment/${await server.demoPostId("demo-article-03")}`, anonymous))
      .body.data.list[0].gid;
    await refused(`/guzzle/v1/comment/${mpPost}/${elsewhere}`, 404);
    for (const query of [
      "page=0",
      "page=-1",
      "page=abc",
      "page=1.5",
      "size=0",
      "size=51",
      "size=x",
      "cursor=ZZZZZZZZ",
      "cursor=a*b",
    ]) {
      await refused(`/guzzle/v1/comment/${mpPost}?${query}`, 400);
      await refused(`/guzzle/v1/comment/${mpPost}/${top.gid}?${query}`, 400);
    }
  });
});

describe("comment posting rate per IP", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ COMMENTS_PER_IP_PER_MINUTE: "3" });
  });
  afterAll(() => server.close());

  it("R-SEC-RATE comment posts from one IP are limited per minute, answering the 429 envelope", async () => {
    const post = await server.demoPostId("demo-article-04");
    const users = [await server.login("13500009001"), await server.login("13500009002")];
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const user = users[i % 2] as { token: string };
      const answer = await server.post(`/peony/v1/comment/${post}`, { content: `评论${i}` }, user.token);
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body).toMatchObject({ code: 429, data: null });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  });
});
