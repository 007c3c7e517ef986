import { createApiClient } from "@davmu/contracts/client";
import { createPublicIdCodec, type PublicIdCodec } from "@davmu/contracts/public-id";
import { seedDemoData } from "@davmu/demo/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { circlesDb } from "../src/modules/circles/tables.ts";
import { lawDb } from "../src/modules/law/tables.ts";
import { startTestServer, type TestServer } from "./helper.ts";

describe("circles (dimim)", () => {
  let server: TestServer;
  let token: string;
  let codec: PublicIdCodec;
  let circleId: string;
  const ids = new Map<string, string>();
  /** Request headers the server received, by path. */
  const seen: { url: string; headers: Record<string, unknown> }[] = [];

  const get = (path: string) => server.get(path, token);
  const db = () => circlesDb(server.database.handle.db);

  beforeAll(async () => {
    server = await startTestServer({}, (app) => {
      app.addHook("onRequest", async (request) => {
        if (request.url.startsWith("/circle/")) seen.push({ url: request.url, headers: { ...request.headers } });
      });
    });
    await server.seedDemo();
    token = await server.anonymousToken();
    codec = createPublicIdCodec(server.config.hashidSalt, server.config.hashidMinLength);
    const circle = await db()
      .selectFrom("circles")
      .select("id")
      .where("key", "=", "demo-circle-running")
      .executeTakeFirstOrThrow();
    circleId = codec.encode(circle.id);
    for (const post of await db().selectFrom("circle_posts").select(["id", "key"]).execute()) {
      ids.set(post.key, codec.encode(post.id));
    }
  });
  afterAll(() => server.close());

  it("R-API-ENDPOINTS loading the demo again keeps one copy of each circle, post, hashtag, comment, member and answer", async () => {
    const counts = async () => {
      const n = async (table: string) =>
        Number(
          (
            await server.database.handle.db
              .selectFrom(table as "users")
              .select((eb) => eb.fn.countAll<number>().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return Promise.all(
        [
          "circles",
          "circle_posts",
          "circle_topics",
          "circle_post_topics",
          "circle_comments",
          "circle_members",
          "lawyers",
          "law_questions",
          "law_answers",
        ].map(n),
      );
    };
    const before = await counts();
    await seedDemoData(server.database.handle.db, Date.now(), { readership: false });
    expect(await counts()).toEqual(before);
    expect(before.slice(0, 2)).toEqual([1, 6]);
    expect(await lawDb(server.database.handle.db).selectFrom("lawyers").select("name").orderBy("id").execute()).toEqual(
      [{ name: "周明远" }, { name: "林晓雯" }],
    );
  });

  it("R-API-ENDPOINTS the circle's detail: name, cover, introduction, members (newest first) and busiest hashtags", async () => {
    const answer = await get(`/circle/v1/api/share/circle/detail?id=${circleId}`);
    expect(answer.status).toBe(200);
    const circle = answer.body.data;
    expect(circle).toMatchObject({
      id: circleId,
      name: "江澜跑团",
      cover: "/media/community/circle-cover.jpg",
      member_count: 1286,
      post_count: 6,
      share_link: `http://localhost:3000/davmu/share/dimim/circle/index.html?id=${circleId}`,
    });
    expect(circle.intro).toContain("澜江晨跑");
    expect(circle.members).toHaveLength(6);
    expect(circle.members[0]).toMatchObject({ alias: "江澜小编", avatar: "/media/avatars/reader-1.svg" });
    expect(circle.topics.slice(0, 2)).toEqual([
      { name: "江澜半程马拉松", post_count: 2 },
      { name: "澜江晨跑", post_count: 2 },
    ]);
  });

  it("R-API-ENDPOINTS a circle's posts come newest first, paged, each with author, pictures, hashtags and its circle", async () => {
    const first = await get(`/circle/v1/api/share/circle/list?id=${circleId}&page=1&size=4`);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ page: 1, size: 4, total: 6, has_more: true });
    const list = first.body.data.list;
    expect(list.map((p: { id: string }) => p.id)).toEqual(
      ["demo-circle-post-1", "demo-circle-post-2", "demo-circle-post-3", "demo-circle-post-4"].map((k) => ids.get(k)),
    );
    expect(list[1]).toMatchObject({
      author: { alias: "城东老李" },
      pictures: [
        { url: "/media/community/finish-line.jpg", width: 1080, height: 1080 },
        { url: "/media/community/medal.jpg", width: 1080, height: 1080 },
      ],
      topics: ["江澜半程马拉松", "我的第一次半马"],
      like_count: 356,
      comment_count: 4,
      circle: { id: circleId, name: "江澜跑团" },
    });
    const second = await get(`/circle/v1/api/share/circle/list?id=${circleId}&page=2&size=4`);
    expect(second.body.data).toMatchObject({ page: 2, total: 6, has_more: false });
    expect(second.body.data.list).toHaveLength(2);
    const beyond = await get(`/circle/v1/api/share/circle/list?id=${circleId}&page=9`);
    expect(beyond.body.data).toMatchObject({ list: [], total: 6, has_more: false, size: 10 });
  });

  it("R-API-ENDPOINTS a post's detail: text, pictures, author, likes, its circle, hashtags and the newest comments", async () => {
    const id = ids.get("demo-circle-post-1") as string;
    const answer = await get(`/circle/v1/api/share/content/detail?id=${id}`);
    expect(answer.status).toBe(200);
    const post = answer.body.data;
    expect(post).toMatchObject({
      id,
      author: { alias: "银杏大道晨跑人", avatar: "/media/avatars/reader-4.svg" },
      pictures: [{ url: "/media/community/dawn-river.jpg", width: 1080, height: 720 }],
      like_count: 128,
      comment_count: 3,
      topics: ["澜江晨跑"],
      circle: { id: circleId, name: "江澜跑团" },
      share_link: `http://localhost:3000/davmu/share/dimim/content/index.html?id=${id}`,
    });
    expect(post.text).toContain("澜江大桥");
    expect(post.comments.map((c: { text: string }) => c.text)).toEqual([
      "薄雾加日出，起早果然是值得的。",
      "大桥下面那段路刚翻修过，跑起来很舒服。",
      "这张照片太美了，明天我也来！",
    ]);
    expect(post.comments[0].author.alias).toBe("米粉爱好者阿珍");
  });

  it("R-API-ENDPOINTS unknown, removed and malformed ids answer a clear 404 or 400, never a 500", async () => {
    const unknown = codec.encode(987654);
    for (const path of [
      `/circle/v1/api/share/content/detail?id=${unknown}`,
      "/circle/v1/api/share/content/detail?id=notAnId",
      `/circle/v1/api/share/circle/detail?id=${unknown}`,
      `/circle/v1/api/share/circle/list?id=${unknown}`,
      `/circle/v1/api/share/topic?name=${encodeURIComponent("澜江晨跑")}&circle=${unknown}`,
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(404);
      expect(answer.body.code).toBe(404);
      expect(answer.body.msg).toMatch(/不存在/);
    }
    for (const path of [
      "/circle/v1/api/share/content/detail",
      "/circle/v1/api/share/content/detail?id=",
      "/circle/v1/api/share/content/detail?id=a%2Fb",
      "/circle/v1/api/share/content/detail?id=%F0%9F%8F%83",
      `/circle/v1/api/share/content/detail?id=${"a".repeat(65)}`,
      "/circle/v1/api/share/circle/detail?id=1%20or%201=1",
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.code).toBe(400);
    }
    // a post taken down, and a closed circle, are gone from every call
    const removed = ids.get("demo-circle-post-3") as string;
    await db().updateTable("circle_posts").set({ state: 1 }).where("key", "=", "demo-circle-post-3").execute();
    expect((await get(`/circle/v1/api/share/content/detail?id=${removed}`)).status).toBe(404);
    expect((await get(`/circle/v1/api/share/circle/list?id=${circleId}`)).body.data.total).toBe(5);
    await db().updateTable("circle_posts").set({ state: 0 }).where("key", "=", "demo-circle-post-3").execute();
    await db().updateTable("circles").set({ state: 1 }).where("key", "=", "demo-circle-running").execute();
    try {
      expect((await get(`/circle/v1/api/share/circle/detail?id=${circleId}`)).status).toBe(404);
      expect((await get(`/circle/v1/api/share/content/detail?id=${removed}`)).status).toBe(404);
      expect((await get(`/circle/v1/api/share/topic?name=${encodeURIComponent("夜跑路线")}`)).body.data.total).toBe(0);
    } finally {
      await db().updateTable("circles").set({ state: 0 }).where("key", "=", "demo-circle-running").execute();
    }
  });

  it("R-API-ENDPOINTS paging bounds: page 1–1000 and size 1–50, whole numbers, else 400", async () => {
    for (const query of ["page=0", "page=1001", "size=0", "size=51", "page=abc", "size=1.5", "page=-1", "page=1e400"]) {
      const answer = await get(`/circle/v1/api/share/circle/list?id=${circleId}&${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body.code).toBe(400);
    }
    const last = await get(`/circle/v1/api/share/circle/list?id=${circleId}&page=1000&size=50`);
    expect(last.body.data).toMatchObject({ list: [], page: 1000, size: 50, has_more: false });
  });

  it("R-API-ENDPOINTS a hashtag's posts, newest first, in one circle or all; its name trimmed and without #", async () => {
    const name = encodeURIComponent("澜江晨跑");
    const answer = await get(`/circle/v1/api/share/topic?name=${name}&size=1`);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({
      name: "澜江晨跑",
      post_count: 2,
      total: 2,
      has_more: true,
      circle: null,
      share_link: `http://localhost:3000/davmu/share/dimim/topic/index.html?name=${name}`,
    });
    expect(answer.body.data.intro).toContain("日出");
    expect(answer.body.data.list[0].id).toBe(ids.get("demo-circle-post-1"));
    const inCircle = await get(`/circle/v1/api/share/topic?name=${name}&circle=${circleId}&page=2&size=1`);
    expect(inCircle.body.data).toMatchObject({ circle: { id: circleId, name: "江澜跑团" }, has_more: false });
    expect(inCircle.body.data.list[0].id).toBe(ids.get("demo-circle-post-4"));
    expect(inCircle.body.data.share_link).toContain(`&circle=${circleId}`);
    for (const spelled of ["  澜江晨跑  ", "#澜江晨跑#", "#澜江晨跑"]) {
      const same = await get(`/circle/v1/api/share/topic?name=${encodeURIComponent(spelled)}`);
      expect(same.body.data.name, spelled).toBe("澜江晨跑");
    }
  });

  it("R-API-ENDPOINTS odd hashtag names: spaces, emoji, %, slashes and 500 characters get 400 or 404, never a 500", async () => {
    const topic = (name: string) => get(`/circle/v1/api/share/topic?name=${encodeURIComponent(name)}`);
    for (const name of ["   ", "##", "#", "x".repeat(500), "跑".repeat(31), "a\u0000b", "a\nb"]) {
      const answer = await topic(name);
      expect(answer.status, JSON.stringify(name)).toBe(400);
      expect(answer.body.code).toBe(400);
      expect(answer.body.msg).toMatch(/话题名称/);
    }
    for (const name of [
      "100%完赛",
      "%",
      "%%25",
      "a/b",
      "../../etc/passwd",
      "跑".repeat(30),
      "🏃".repeat(30),
      "' or 1=1 --",
    ]) {
      const answer = await topic(name);
      expect(answer.status, name).toBe(404);
      expect(answer.body.msg).toBe("话题不存在");
    }
    // a raw % that is no escape, and a name sent twice, are refused rather than guessed at
    expect((await get("/circle/v1/api/share/topic?name=%")).status).toBeLessThan(500);
    expect((await get("/circle/v1/api/share/topic?name=a&name=b")).status).toBe(400);
    // names with emoji, spaces, % and slashes are found as stored
    const post = await db()
      .selectFrom("circle_posts")
      .select("id")
      .where("key", "=", "demo-circle-post-3")
      .executeTakeFirstOrThrow();
    for (const name of ["🏃‍♀️ 夜跑 打卡", "100% 完赛", "5/10 公里"]) {
      const saved = await db()
        .insertInto("circle_topics")
        .values({ name, intro: "", created_at: Date.now() })
        .returning("id")
        .executeTakeFirstOrThrow();
      await db().insertInto("circle_post_topics").values({ post_id: post.id, topic_id: saved.id }).execute();
      const answer = await topic(name);
      expect(answer.status, name).toBe(200);
      expect(answer.body.data).toMatchObject({ name, total: 1 });
      expect(answer.body.data.share_link).toContain(`name=${encodeURIComponent(name)}`);
    }
  });

  it("R-API-AUTH the site's client sends the post's detail without X-Request-Id, the other circle calls with it", async () => {
    const client = createApiClient({
      baseUrl: server.base,
      credentials: () => ({ anonymousToken: token, anonymousId: "device-7" }),
    });
    seen.length = 0;
    expect((await client.circlePost({ query: { id: ids.get("demo-circle-post-2") as string } })).code).toBe(0);
    expect((await client.circleDetail({ query: { id: circleId } })).code).toBe(0);
    expect((await client.circlePosts({ query: { id: circleId } })).code).toBe(0);
    expect((await client.circleTopic({ query: { name: "澜江晨跑" } })).code).toBe(0);
    const [post, ...others] = seen;
    expect(post?.url).toMatch(/^\/circle\/v1\/api\/share\/content\/detail\?/);
    expect(post?.headers).not.toHaveProperty("x-request-id");
    expect(post?.headers.authorization).toBe(token);
    expect(others).toHaveLength(3);
    for (const other of others) expect(other.headers["x-request-id"], other.url).toBe("device-7");
  });

  it("R-API-ENDPOINTS the circle calls need a token (401 without one) and are in the OpenAPI document", async () => {
    const bare = await server.get(`/circle/v1/api/share/circle/detail?id=${circleId}`);
    expect(bare.status).toBe(401);
    const doc = await server.get("/docs/json");
    for (const path of [
      "/circle/v1/api/share/content/detail",
      "/circle/v1/api/share/topic",
      "/circle/v1/api/share/circle/detail",
      "/circle/v1/api/share/circle/list",
    ]) {
      expect(doc.body.paths[path]?.get, path).toBeDefined();
    }
  });
});
