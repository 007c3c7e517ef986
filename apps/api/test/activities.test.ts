import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const key: Record<string, string> = {};
const day = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();
let phone = 13922220000;
const nextPhone = () => String(phone++);

describe("activities", () => {
  let server: TestServer;
  let token: string;
  let openPost: string;
  let closedPost: string;

  beforeAll(async () => {
    server = await startTestServer();
    Object.assign(key, (await editorSession(server, "editor")).headers);
    openPost = await server.demoPostId("demo-article-07");
    closedPost = await server.demoPostId("demo-article-09");
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  const make = (post: string, capacity: number, deadline = Date.now() + day) =>
    server.put(
      `/editor/v1/activity/${post}`,
      {
        place: "江澜湿地公园",
        starts_at: iso(Date.now() + 2 * day),
        ends_at: iso(Date.now() + 3 * day),
        deadline: iso(deadline),
        capacity,
      },
      null,
      key,
    );

  it("R-ACT-1 the demo's open and closed activities show time, place, cover, description, sign-ups and deadline", async () => {
    const open = await server.get(`/peony/v1/activity/${openPost}`, token);
    expect(open.body.data).toMatchObject({
      post_id: openPost,
      place: "江澜湿地公园东门游客中心",
      capacity: 200,
      state: "open",
    });
    expect(open.body.data.title).not.toBe("");
    expect(open.body.data.cover).not.toBe("");
    const closed = await server.get(`/peony/v1/activity/${closedPost}`, token);
    expect(closed.body.data.state).toBe("closed");
  });

  it("R-ACT-1 a logged-in reader signs up once; past the deadline or when full the sign-up is refused", async () => {
    const reader = await server.login(nextPhone());
    const first = await server.post(`/guzzle/v1/activity/${openPost}/signup`, {}, reader.token);
    expect(first.status).toBe(200);
    expect(first.body.data.signed_up).toBe(true);
    const again = await server.post(`/guzzle/v1/activity/${openPost}/signup`, {}, reader.token);
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe("您已报名，无需重复报名");
    expect((await server.get(`/peony/v1/activity/${openPost}`, reader.token)).body.data.signed_up).toBe(true);
    const late = await server.post(`/guzzle/v1/activity/${closedPost}/signup`, {}, reader.token);
    expect(late.status).toBe(409);
    expect(late.body.msg).toBe("报名已截止");
    // anonymous visitors must log in
    expect((await server.post(`/guzzle/v1/activity/${openPost}/signup`, {}, token)).status).toBe(401);
  });

  it("R-ACT-1 concurrent sign-ups never pass the capacity: exactly as many succeed as there are places", async () => {
    const post = await server.demoPostId("demo-article-05");
    expect((await make(post, 5)).status).toBe(200);
    const readers = await Promise.all(Array.from({ length: 12 }, () => server.login(nextPhone())));
    const answers = await Promise.all(
      readers.map((r) => server.post(`/guzzle/v1/activity/${post}/signup`, {}, r.token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.msg === "名额已满")).toBe(true);
    const after = await server.get(`/peony/v1/activity/${post}`, token);
    expect(after.body.data).toMatchObject({ signup_count: 5, state: "full" });
  });

  it("R-ACT-1 bad input: no key 401, bad times and capacity 400, capacity below sign-ups 400, not an activity 404", async () => {
    expect((await server.put(`/editor/v1/activity/${openPost}`, { place: "x" })).status).toBe(401);
    const bad = (body: Record<string, unknown>) => server.put(`/editor/v1/activity/${openPost}`, body, null, key);
    const good = {
      place: "江澜湿地公园",
      starts_at: iso(Date.now() + 2 * day),
      ends_at: iso(Date.now() + 3 * day),
      deadline: iso(Date.now() + day),
      capacity: 10,
    };
    for (const body of [
      {},
      { ...good, place: "" },
      { ...good, capacity: 0 },
      { ...good, capacity: "many" },
      { ...good, starts_at: "tomorrow" },
      { ...good, starts_at: iso(Date.now() + 4 * day) },
      { ...good, deadline: iso(Date.now() + 5 * day) },
    ]) {
      expect((await bad(body)).status, JSON.stringify(body)).toBe(400);
    }
    const busy = await server.demoPostId("demo-article-05");
    expect((await make(busy, 2)).status).toBe(400);
    const plain = await server.demoPostId("demo-article-01");
    expect((await server.get(`/peony/v1/activity/${plain}`, token)).status).toBe(404);
    const reader = await server.login(nextPhone());
    expect((await server.post(`/guzzle/v1/activity/${plain}/signup`, {}, reader.token)).status).toBe(404);
    expect((await server.get("/peony/v1/activity/bad%20id", token)).status).toBe(400);
    expect((await server.get("/peony/v1/activity/ZZZZZZZZ", token)).status).toBe(404);
  });
});
