import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

describe("media-account content (actor mp)", () => {
  let server: TestServer;
  let token: string;
  let mpPost: string;
  let ownPost: string;

  beforeAll(async () => {
    server = await startTestServer();
    mpPost = await server.demoPostId("demo-article-02");
    ownPost = await server.demoPostId("demo-article-05");
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-ROUTE-5 R-ENT-OTHER /dinner/content/{id} answers a media account's item, the same item as the content call", async () => {
    const answer = await server.get(`/dinner/content/${mpPost}`, token);
    expect(answer.status).toBe(200);
    expect(answer.body.data.mp).not.toBeNull();
    expect(answer.body.data.content_link).toContain("/davmu/share/mp/doc/");
    const same = await server.get(`/inner/static/content/${mpPost}`, token);
    expect(answer.body.data).toEqual(same.body.data);
    const info = await server.get(`/dinner/mp/info/${answer.body.data.mp.id}`, token);
    expect(info.body.data.name).toBe(answer.body.data.mp.name);
  });

  it("R-ROUTE-5 the organisation's own item, unknown, withdrawn and malformed ids, and no token are refused", async () => {
    expect((await server.get(`/dinner/content/${ownPost}`, token)).status).toBe(404);
    const unknown = await server.get("/dinner/content/ZZZZZZZZ", token);
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe(10024);
    expect((await server.get("/dinner/content/bad%20id", token)).status).toBe(400);
    expect((await server.get(`/dinner/content/${"a".repeat(65)}`, token)).status).toBe(400);
    expect((await server.get(`/dinner/content/${mpPost}`, null)).status).toBe(401);
    // withdrawn as the newsroom withdraws it (through the content repository, which drops kept answers)
    const { id } = await server.database.handle.db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "demo-article-02")
      .executeTakeFirstOrThrow();
    expect(await server.app.contents.update(id, { state: 17 })).toBe(true);
    const withdrawn = await server.get(`/dinner/content/${mpPost}`, token);
    expect(withdrawn.status).toBe(404);
    expect(withdrawn.body.code).toBe(10024);
  });
});
