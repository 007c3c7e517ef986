import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

let phoneSeq = 0;
const nextPhone = () => `1340000${String(1000 + phoneSeq++).padStart(4, "0")}`;

describe("collections, stars and follows", () => {
  let server: TestServer;
  let post: string;
  let mpPost: string;
  let anonymous: string;
  beforeAll(async () => {
    server = await startTestServer();
    post = await server.demoPostId("demo-article-05");
    mpPost = await server.demoPostId("demo-article-02");
    anonymous = await server.anonymousToken();
  });
  afterAll(() => server.close());

  const collect = (token: string, type: string, id = post) =>
    server.post(`/peony/v1/collection/${id}`, { type, cid: id, track_id: "t" }, token);
  const related = (token: string, id = post, type = "doc") =>
    server.get(`/peony/v3/content/${type}/${id}/user_related`, token);

  it("R-CONTENT-3 collect add then del toggles is_collect and the count, and repeats change nothing", async () => {
    const { token } = await server.login(nextPhone());
    const start = (await server.get(`/inner/static/content/${post}`, token)).body.data.collect_count as number;
    expect((await related(token)).body.data).toEqual({ is_collect: false, is_star: false, is_followed: false });
    const added = await collect(token, "add");
    expect(added.body).toEqual({ code: 0, msg: "收藏成功", data: { is_collect: true, collect_count: start + 1 } });
    expect((await collect(token, "add")).body.data.collect_count).toBe(start + 1);
    expect((await related(token)).body.data.is_collect).toBe(true);
    const removed = await collect(token, "del");
    expect(removed.body).toEqual({ code: 0, msg: "已取消收藏", data: { is_collect: false, collect_count: start } });
    expect((await collect(token, "del")).body.data.collect_count).toBe(start);
    expect((await related(token)).body.data.is_collect).toBe(false);
  });

  it("R-SEC-TOKEN one user's collection is theirs alone: another user's del does not remove it", async () => {
    const a = await server.login(nextPhone());
    const b = await server.login(nextPhone());
    await collect(a.token, "add");
    await collect(b.token, "del");
    expect((await related(a.token)).body.data.is_collect).toBe(true);
    expect((await related(b.token)).body.data.is_collect).toBe(false);
  });

  it("R-LOGIN-13 collecting, starring and following need a logged-in user", async () => {
    expect((await collect(anonymous, "add")).status).toBe(401);
    expect((await server.post("/peony/v1/star", { type: "add", post_id: post }, anonymous)).status).toBe(401);
    const mpId = (await server.get(`/inner/static/content/${mpPost}`, anonymous)).body.data.mp.id;
    expect((await server.post(`/guzzle/v1/mp/follow/${mpId}`, { type: "add" }, anonymous)).status).toBe(401);
    // reading the state is fine anonymously: all false
    expect((await related(anonymous)).body.data).toEqual({ is_collect: false, is_star: false, is_followed: false });
  });

  it("R-SRV-4 bad collect input: unknown type, unknown post, wrong content type get 4xx", async () => {
    const { token } = await server.login(nextPhone());
    expect((await collect(token, "toggle")).status).toBe(400);
    expect((await collect(token, "add", "ZZZZZZZZ")).status).toBe(404);
    expect((await related(token, post, "video")).status).toBe(400);
    expect((await related(token, post, "article")).status).toBe(200);
    const text = await server.post(`/peony/v1/collection/${post}`, "type=add", token, { "content-type": "text/plain" });
    expect(text.status).toBe(400);
    expect(text.body.msg).toMatch(/^参数错误：/);
  });

  it("R-API-ENDPOINTS stars: a post by post_id, a comment by cid, each counted once per user", async () => {
    const a = await server.login(nextPhone());
    const b = await server.login(nextPhone());
    const before = (await server.get(`/inner/static/content/${post}`, anonymous)).body.data.like_count as number;
    const starred = await server.post("/peony/v1/star", { type: "add", post_id: post }, a.token);
    expect(starred.body.data).toEqual({ star: true, star_count: before + 1 });
    await server.post("/peony/v1/star", { type: "add", post_id: post }, a.token);
    expect((await related(a.token)).body.data.is_star).toBe(true);

    const demo = await server.demoPostId("demo-article-01");
    const top = (await server.get(`/peony/v1/comment/${demo}`, anonymous)).body.data.list[0];
    const one = await server.post("/peony/v1/star", { type: "add", cid: top.gid }, a.token);
    expect(one.body.data).toEqual({ star: true, star_count: top.star_count + 1 });
    const two = await server.post("/peony/v1/star", { type: "add", cid: top.gid }, b.token);
    expect(two.body.data.star_count).toBe(top.star_count + 2);
    const seen = (await server.get(`/peony/v1/comment/${demo}`, a.token)).body.data.list[0];
    expect(seen.star).toBe(true);
    expect((await server.get(`/peony/v1/comment/${demo}`, anonymous)).body.data.list[0].star).toBe(false);
    const undone = await server.post("/peony/v1/star", { type: "del", cid: top.gid }, a.token);
    expect(undone.body.data).toEqual({ star: false, star_count: top.star_count + 1 });

    expect((await server.post("/peony/v1/star", { type: "add" }, a.token)).status).toBe(400);
    expect((await server.post("/peony/v1/star", { type: "add", cid: top.gid, post_id: post }, a.token)).status).toBe(
      400,
    );
    expect((await server.post("/peony/v1/star", { type: "add", cid: "ZZZZZZZZ" }, a.token)).status).toBe(404);
  });

  it("R-CONTENT-7 follow and unfollow a media account with their messages; the follow list and info follow", async () => {
    const { token } = await server.login(nextPhone());
    const mp = (await server.get(`/inner/static/content/${mpPost}`, token)).body.data.mp;
    const info = await server.get(`/dinner/mp/info/${mp.id}`, token);
    expect(info.body.data).toMatchObject({ id: mp.id, name: mp.name, is_followed: false });
    expect(info.body.data.content_count).toBeGreaterThan(0);
    const followed = await server.post(`/guzzle/v1/mp/follow/${mp.id}`, { type: "add" }, token);
    expect(followed.body).toMatchObject({ code: 0, msg: "关注成功", data: { is_followed: true } });
    expect(followed.body.data.follower_count).toBe(info.body.data.follower_count + 1);
    expect((await server.post(`/guzzle/v1/mp/is_followed/${mp.id}`, {}, token)).body.data.is_followed).toBe(true);
    expect((await related(token, mpPost)).body.data.is_followed).toBe(true);
    const list = await server.get("/dinner/mp/followlist", token);
    expect(list.body.data.list.map((a: { id: string }) => a.id)).toEqual([mp.id]);
    const unfollowed = await server.post(`/guzzle/v1/mp/follow/${mp.id}`, { type: "del" }, token);
    expect(unfollowed.body).toMatchObject({ msg: "已取消关注", data: { is_followed: false } });
    expect((await server.get("/dinner/mp/followlist", token)).body.data.total).toBe(0);
    expect((await server.post("/guzzle/v1/mp/follow/ZZZZZZZZ", { type: "add" }, token)).status).toBe(404);
    expect((await server.post(`/guzzle/v1/mp/is_followed/${mp.id}`, {}, anonymous)).body.data.is_followed).toBe(false);
  });

  it("R-API-ENDPOINTS media-account collect and star variants act on mp posts only", async () => {
    const { token } = await server.login(nextPhone());
    expect((await server.post(`/guzzle/v1/collection/${mpPost}`, { type: "add" }, token)).body.code).toBe(0);
    expect((await server.post(`/guzzle/v1/collection/${post}`, { type: "add" }, token)).status).toBe(404);
    expect((await server.post("/guzzle/v1/star", { type: "add", post_id: mpPost }, token)).body.code).toBe(0);
  });

  it("R-SRV-4 concurrent adds by one user count once", async () => {
    const { token } = await server.login(nextPhone());
    const start = (await server.get(`/inner/static/content/${post}`, token)).body.data.collect_count as number;
    const answers = await Promise.all(Array.from({ length: 5 }, () => collect(token, "add")));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect((await server.get(`/inner/static/content/${post}`, token)).body.data.collect_count).toBe(start + 1);
  });
});
