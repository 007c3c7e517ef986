import { createApiClient } from "@davmu/contracts/client";
import { createPublicIdCodec, type PublicIdCodec } from "@davmu/contracts/public-id";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { lawDb } from "../src/modules/law/tables.ts";
import { startTestServer, type TestServer } from "./helper.ts";

describe("law Q&A (fazak)", () => {
  let server: TestServer;
  let token: string;
  let codec: PublicIdCodec;
  let solved: { id: number; publicId: string };
  let open: { id: number; publicId: string };
  const seen: { url: string; headers: Record<string, unknown> }[] = [];

  const get = (path: string) => server.get(path, token);
  const db = () => lawDb(server.database.handle.db);
  const question = async (key: string) => {
    const row = await db().selectFrom("law_questions").select("id").where("key", "=", key).executeTakeFirstOrThrow();
    return { id: row.id, publicId: codec.encode(row.id) };
  };

  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.addHook("onRequest", async (request) => {
        if (request.url.startsWith("/law/")) seen.push({ url: request.url, headers: { ...request.headers } });
      });
    });
    await server.seedDemo();
    token = await server.anonymousToken();
    codec = createPublicIdCodec(server.config.hashidSalt, server.config.hashidMinLength);
    solved = await question("demo-law-deposit");
    open = await question("demo-law-wages");
  });
  afterAll(() => server.close());

  it("R-API-ENDPOINTS a question's detail: title, text, category, the asker, views, answers and whether it is solved", async () => {
    const answer = await get(`/law/v1/api/share/question/detail?id=${solved.publicId}`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      id: solved.publicId,
      category: "房产纠纷",
      asker: { alias: "江澜网友", avatar: "/media/community/asker-default.svg" },
      view_count: 2341,
      answer_count: 2,
      solved: true,
      share_link: `http://localhost:3000/davmu/share/fazak/problemShare/index.html?id=${solved.publicId}`,
    });
    expect(answer.body.data.title).toContain("押金");
    expect(answer.body.data.content).toContain("钉孔");
    const unsolved = await get(`/law/v1/api/share/question/detail?id=${open.publicId}`);
    expect(unsolved.body.data).toMatchObject({ solved: false, answer_count: 1, category: "劳动纠纷" });
  });

  it("R-API-ENDPOINTS answers name the lawyer (name, title, firm, avatar); the accepted answer comes first, then by likes", async () => {
    const answer = await get(`/law/v1/api/share/question/answerlist?id=${solved.publicId}`);
    expect(answer.status).toBe(200);
    const { list, ...page } = answer.body.data;
    expect(page).toEqual({ page: 1, size: 10, total: 2, has_more: false });
    expect(list.map((a: { accepted: boolean; like_count: number }) => [a.accepted, a.like_count])).toEqual([
      [true, 23],
      [false, 56],
    ]);
    expect(list[0].lawyer).toMatchObject({
      name: "林晓雯",
      title: "执业律师",
      firm: "江澜衡信律师事务所",
      avatar: "/media/community/lawyer-lin.svg",
    });
    expect(list[1].lawyer).toMatchObject({ name: "周明远", title: "合伙人律师", firm: "江澜明正律师事务所" });
    expect(list[0].content).toContain("小额诉讼");
  });

  it("R-API-ENDPOINTS answers page through in a stable order (accepted, likes, earliest) without repeats", async () => {
    const lawyer = await db()
      .selectFrom("lawyers")
      .select("id")
      .where("key", "=", "demo-lawyer-zhou")
      .executeTakeFirstOrThrow();
    const now = Date.now();
    await db()
      .insertInto("law_answers")
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          key: `paging-${i}`,
          question_id: open.id,
          lawyer_id: lawyer.id,
          body: `补充意见 ${i}`,
          accepted: 0,
          like_count: i % 3,
          state: i === 11 ? 1 : 0,
          created_at: now + i,
        })),
      )
      .execute();
    const pages = [];
    for (let page = 1; page <= 3; page++) {
      const answer = await get(`/law/v1/api/share/question/answerlist?id=${open.publicId}&page=${page}&size=5`);
      expect(answer.body.data).toMatchObject({ page, size: 5, total: 12, has_more: page < 3 });
      pages.push(...answer.body.data.list);
    }
    expect(pages).toHaveLength(12);
    expect(new Set(pages.map((a) => a.id)).size).toBe(12);
    const likes = pages.map((a) => a.like_count);
    expect(likes).toEqual([...likes].sort((a, b) => b - a));
    // a withdrawn answer is neither listed nor counted
    expect(pages.map((a) => a.content)).not.toContain("补充意见 11");
    const beyond = await get(`/law/v1/api/share/question/answerlist?id=${open.publicId}&page=4&size=5`);
    expect(beyond.body.data).toMatchObject({ list: [], total: 12, has_more: false });
  });

  it("R-API-ENDPOINTS one accepted answer per question at most, held by the database", async () => {
    const lawyer = await db()
      .selectFrom("lawyers")
      .select("id")
      .where("key", "=", "demo-lawyer-zhou")
      .executeTakeFirstOrThrow();
    const second = db()
      .insertInto("law_answers")
      .values({
        key: "second-accepted",
        question_id: solved.id,
        lawyer_id: lawyer.id,
        body: "第二个采纳",
        accepted: 1,
        like_count: 0,
        state: 0,
        created_at: Date.now(),
      })
      .execute();
    await expect(second).rejects.toThrow();
  });

  it("R-API-ENDPOINTS unknown, withdrawn and malformed questions, and paging out of bounds, answer 404 or 400", async () => {
    for (const id of [codec.encode(424242), "notAnId"]) {
      for (const call of ["detail", "answerlist"]) {
        const answer = await get(`/law/v1/api/share/question/${call}?id=${id}`);
        expect(answer.status, `${call} ${id}`).toBe(404);
        expect(answer.body).toMatchObject({ code: 404, msg: "问题不存在或已删除", data: null });
      }
    }
    for (const query of ["", "id=", "id=a%2Fb", "id=%E4%B8%AD", `id=${"x".repeat(65)}`]) {
      for (const call of ["detail", "answerlist"]) {
        const answer = await get(`/law/v1/api/share/question/${call}?${query}`);
        expect(answer.status, `${call} ${query}`).toBe(400);
        expect(answer.body.code).toBe(400);
      }
    }
    for (const query of ["page=0", "page=1001", "size=0", "size=51", "page=x", "size=2.5"]) {
      const answer = await get(`/law/v1/api/share/question/answerlist?id=${solved.publicId}&${query}`);
      expect(answer.status, query).toBe(400);
    }
    await db().updateTable("law_questions").set({ state: 1 }).where("id", "=", open.id).execute();
    try {
      expect((await get(`/law/v1/api/share/question/detail?id=${open.publicId}`)).status).toBe(404);
      expect((await get(`/law/v1/api/share/question/answerlist?id=${open.publicId}`)).status).toBe(404);
    } finally {
      await db().updateTable("law_questions").set({ state: 0 }).where("id", "=", open.id).execute();
    }
  });

  it("R-API-AUTH the site's client sends both law calls without X-Request-Id, with authorization", async () => {
    const client = createApiClient({
      baseUrl: server.base,
      credentials: () => ({ anonymousToken: token, anonymousId: "device-9" }),
    });
    seen.length = 0;
    expect((await client.lawQuestion({ query: { id: solved.publicId } })).code).toBe(0);
    expect((await client.lawAnswers({ query: { id: solved.publicId, page: 1, size: 5 } })).code).toBe(0);
    expect(seen.map((s) => s.url.split("?")[0])).toEqual([
      "/law/v1/api/share/question/detail",
      "/law/v1/api/share/question/answerlist",
    ]);
    for (const request of seen) {
      expect(request.headers, request.url).not.toHaveProperty("x-request-id");
      expect(request.headers.authorization).toBe(token);
    }
  });

  it("R-API-ENDPOINTS the law calls need a token and are in the OpenAPI document", async () => {
    expect((await server.get(`/law/v1/api/share/question/detail?id=${solved.publicId}`)).status).toBe(401);
    const doc = await server.get("/docs/json");
    expect(doc.body.paths["/law/v1/api/share/question/detail"]?.get).toBeDefined();
    expect(doc.body.paths["/law/v1/api/share/question/answerlist"]?.get).toBeDefined();
  });
});
