import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clueDb } from "../src/modules/clue-reports/tables.ts";
import { startTestServer, type TestServer } from "./helper.ts";

let phoneSeq = 0;
const nextPhone = () => `1351000${String(1000 + phoneSeq++).padStart(4, "0")}`;

describe("comments on clue reports", () => {
  let server: TestServer;
  let anonymous: string;
  let report: string;
  let other: string;

  beforeAll(async () => {
    server = await startTestServer({ COMMENTS_PER_USER_PER_MINUTE: "3", COMMENTS_PER_IP_PER_MINUTE: "1000" });
    anonymous = await server.anonymousToken();
    await server.seedDemo();
    const rows = await clueDb(server.database.handle.db)
      .selectFrom("clue_reports")
      .select(["id", "external_key"])
      .where("external_key", "in", ["demo-clue-01", "demo-clue-02"])
      .orderBy("external_key")
      .execute();
    [report, other] = rows.map((r) => server.app.publicIds.encode(r.id)) as [string, string];
  });
  afterAll(() => server.close());

  const list = (token: string | null = anonymous, id = report, query = "") =>
    server.get(`/peony/v3/clue_report/${id}/comments${query}`, token);
  const comment = (token: string | null, content: unknown, id = report) =>
    server.post(`/peony/v3/clue_report/${id}/comment`, { content }, token);

  it("R-LAYOUT-2 a report's comments: empty at first, a logged-in reader's comment then listed first in the comment shape", async () => {
    const empty = await list(anonymous, other);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toMatchObject({ list: [], total: 0, page: 1, size: 10, has_more: false });
    const { token } = await server.login(nextPhone());
    const posted = await comment(token, "  路灯修好了，点赞！ ", other);
    expect(posted.status).toBe(200);
    expect(posted.body.msg).toBe("评论成功");
    expect(posted.body.data).toMatchObject({
      content: "路灯修好了，点赞！",
      post_id: other,
      status: "published",
      mine: true,
    });
    const after = await list(anonymous, other);
    expect(after.body.data.total).toBe(1);
    expect(after.body.data.list[0]).toMatchObject({ content: "路灯修好了，点赞！", mine: false, level: 1 });
    expect((await list(anonymous, other, "?page=0")).status).toBe(400);
    expect((await list(anonymous, other, "?size=51")).status).toBe(400);
  });

  it("R-LAYOUT-2 bad input: no login 401, empty or too long text 400, unknown report 404", async () => {
    expect((await comment(anonymous, "没登录")).status).toBe(401);
    expect((await comment(null, "没令牌")).status).toBe(401);
    const { token } = await server.login(nextPhone());
    expect((await comment(token, "")).status).toBe(400);
    const blank = await comment(token, " \n\t ");
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe("评论内容不能为空");
    expect((await comment(token, "长".repeat(501))).status).toBe(400);
    expect((await comment(token, "找不到", "zzzzzzzz")).status).toBe(404);
    expect((await list(anonymous, "zzzzzzzz")).status).toBe(404);
  });

  it("R-MOD-1 report comments are moderated like post comments: banned refused, rude words masked, links held, duplicates refused", async () => {
    const author = await server.login(nextPhone());
    const banned = await comment(author.token, "赌 博稳赚");
    expect(banned.status).toBe(400);
    expect(banned.body.msg).toBe("评论内容包含违规词语，请修改后再发");
    expect((await comment(author.token, "这个脑残设计")).body.data.content).toBe("这个＊＊设计");
    const held = await comment(author.token, "详情见 www.example.com");
    expect(held.status).toBe(200);
    expect(held.body.msg).toBe("评论已提交，审核通过后展示");
    expect(held.body.data.status).toBe("pending");
    const mine = await list(author.token);
    expect(mine.body.data.list[0]).toMatchObject({ status: "pending", mine: true });
    const others = await list(anonymous);
    expect(others.body.data.list.some((c: { status: string }) => c.status === "pending")).toBe(false);
    const again = await comment(author.token, "这个脑残设计");
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe("请勿重复发表相同的评论");
  });

  it("R-SEC-RATE parallel report comments of one user stop at the per-user limit, counted and recorded atomically", async () => {
    const { token } = await server.login(nextPhone());
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => comment(token, `并发评论${i}`)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const mine = await list(token, report, "?size=50");
    expect(mine.body.data.list.filter((c: { content: string }) => c.content.startsWith("并发评论"))).toHaveLength(3);
  });
});
