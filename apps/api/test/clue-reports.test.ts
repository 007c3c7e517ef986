import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createClueReport } from "../src/modules/clue-reports/repository.ts";
import { clueDb } from "../src/modules/clue-reports/tables.ts";
import { startTestServer, type TestServer } from "./helper.ts";

const enc = encodeURIComponent;

describe("clue reports", () => {
  let server: TestServer;
  let token: string;
  let lin: string;
  let zhou: string;
  let lamps: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.anonymousToken();
    await server.seedDemo();
    const db = clueDb(server.database.handle.db);
    const reporters = await db.selectFrom("clue_reporters").select(["id", "external_key"]).execute();
    const idOf = (key: string) => server.app.publicIds.encode(reporters.find((r) => r.external_key === key)?.id ?? 0);
    lin = idOf("demo-reporter-lin");
    zhou = idOf("demo-reporter-zhou");
    const report = await db
      .selectFrom("clue_reports")
      .select("id")
      .where("external_key", "=", "demo-clue-01")
      .executeTakeFirstOrThrow();
    lamps = server.app.publicIds.encode(report.id);
  });
  afterAll(() => server.close());

  it("R-ENT-OTHER R-API-ENDPOINTS a report's detail: text, pictures, follow-up timeline, the reporter's reply, topics, mentions and related posts", async () => {
    const { status, body } = await server.get(`/peony/v3/clue_report/${lamps}/detail`, token);
    expect(status).toBe(200);
    const report = body.data;
    expect(report).toMatchObject({ id: lamps, status: "resolved", topics: ["街坊身边事"], picture_count: 2 });
    expect(report.title).toContain("梧桐巷路灯");
    expect(report.pictures).toHaveLength(2);
    expect(report.pictures[0].url).toMatch(/^\/media\//);
    expect(report.timeline.map((s: { status: string }) => s.status)).toEqual([
      "pending",
      "accepted",
      "following",
      "resolved",
    ]);
    expect(report.reply.reporter).toMatchObject({ user_id: lin, name: "林晓澜" });
    expect(report.reply.content).not.toBe("");
    expect(report.mentions.map((m: { user_id: string }) => m.user_id)).toEqual([lin]);
    expect(report.related_posts[0].content_link).toMatch(/\/doc\//);
    expect(report.author.alias).toBe("梧桐巷住户");
    expect(report.share_link).toBe(`${server.config.publicOrigin}/davmu/share/dejin/detail/${lamps}/index.html`);
  });

  it("R-ENT-OTHER every read of a detail counts one view, also under concurrent reads", async () => {
    const before = (await server.get(`/peony/v3/clue_report/${lamps}/detail`, token)).body.data.view_sum;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => server.get(`/peony/v3/clue_report/${lamps}/detail`, token)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const after = (await server.get(`/peony/v3/clue_report/${lamps}/detail`, token)).body.data.view_sum;
    expect(after).toBe(before + 9);
  });

  it("R-API-ENDPOINTS the recommended topics, in the editors' order, with report counts and views", async () => {
    const { status, body } = await server.get("/peony/v3/clue_report/recommend_topics", token);
    expect(status).toBe(200);
    expect(body.data.list.map((t: { name: string }) => t.name)).toEqual(["街坊身边事", "出行难题", "生态环境"]);
    expect(body.data.list[0].report_count).toBe(11);
    expect(body.data.list[0].view_sum).toBeGreaterThan(0);
  });

  it("R-STORE-1 a topic's channel list is sorted by view_sum, 10 a page, with paging", async () => {
    const topic = enc("街坊身边事");
    const { status, body } = await server.get(`/peony/v3/clue_report/topic/${topic}`, token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ sort: "view_sum", total: 11, page: 1, limit: 10 });
    expect(body.data.list).toHaveLength(10);
    const views = body.data.list.map((r: { view_sum: number }) => r.view_sum);
    expect(views).toEqual([...views].sort((a: number, b: number) => b - a));
    const second = (await server.get(`/peony/v3/clue_report/topic/${topic}?page=2`, token)).body;
    expect(second.data.list).toHaveLength(1);
    expect(second.data.list[0].view_sum).toBeLessThanOrEqual(views[9]);
    const ids = new Set([...body.data.list, ...second.data.list].map((r: { id: string }) => r.id));
    expect(ids.size).toBe(11);
    const latest = (await server.get(`/peony/v3/clue_report/topic/${topic}?sort=latest&limit=5`, token)).body;
    const times = latest.data.list.map((r: { reported_at: string }) => r.reported_at);
    expect(times).toHaveLength(5);
    expect(times).toEqual([...times].sort().reverse());
  });

  it("R-API-ENDPOINTS a reporter's profile, the clues they follow up, the clues that mention them and their news items", async () => {
    const profile = (await server.get(`/peony/v3/clue_report/user/${lin}`, token)).body.data;
    expect(profile).toMatchObject({ user_id: lin, name: "林晓澜", clue_count: 2, post_count: 3 });
    expect(profile.at_count).toBe(3);
    const clues = (await server.get(`/peony/v3/clue_report/user/${lin}/clues`, token)).body.data;
    expect(clues.total).toBe(2);
    expect(clues.list[0].reported_at >= clues.list[1].reported_at).toBe(true);
    const mentions = (await server.get(`/peony/v3/clue_report/user/${zhou}/at_ta_clues?limit=1`, token)).body.data;
    expect(mentions).toMatchObject({ total: 3, limit: 1 });
    expect(mentions.list).toHaveLength(1);
    const posts = (await server.get(`/peony/v3/clue_report/user/${zhou}/relate_posts`, token)).body.data;
    expect(posts.total).toBe(2);
    expect(posts.list[0].title).toContain("地铁5号线");
  });

  it("R-API-ENDPOINTS createClueReport publishes a report with new topics, and a withdrawn one answers 404", async () => {
    const db = server.database.handle.db;
    const { id } = await createClueReport(db, {
      title: "测试报料 新话题",
      content: "小区门口的井盖松动了。",
      author: { alias: "读者", avatar: "" },
      topics: ["井盖 🕳️ 50%/100%"],
    });
    const publicId = server.app.publicIds.encode(id);
    const detail = await server.get(`/peony/v3/clue_report/${publicId}/detail`, token);
    expect(detail.body.data).toMatchObject({ status: "pending", topics: ["井盖 🕳️ 50%/100%"], reply: null });
    expect(detail.body.data.timeline).toHaveLength(1);
    const topic = await server.get(`/peony/v3/clue_report/topic/${enc("井盖 🕳️ 50%/100%")}`, token);
    expect(topic.status).toBe(200);
    expect(topic.body.data.list[0].id).toBe(publicId);
    expect(topic.body.data.topic.share_link).toMatch(
      /\/dejin\/topic\/%E4%BA%95%E7%9B%96%20.*%25%2F100%25\/index\.html$/,
    );
    // names the topic call could not reach are made reachable: no control characters, at most 50 units
    const long = `${"长".repeat(49)}🔥尾巴`;
    const odd = await createClueReport(db, {
      title: "话题名过长",
      content: "测试",
      author: { alias: "读者", avatar: "" },
      topics: [long, "  换行\n话题\t ", "\u0001"],
    });
    const oddTopics = (await server.get(`/peony/v3/clue_report/${server.app.publicIds.encode(odd.id)}/detail`, token))
      .body.data.topics;
    expect(oddTopics).toEqual(["长".repeat(49), "换行 话题"]);
    for (const name of oddTopics) {
      expect((await server.get(`/peony/v3/clue_report/topic/${enc(name)}`, token)).status).toBe(200);
    }
    await clueDb(db).updateTable("clue_reports").set({ published: 0 }).where("id", "=", id).execute();
    expect((await server.get(`/peony/v3/clue_report/${publicId}/detail`, token)).status).toBe(404);
  });

  it("R-API-ENDPOINTS unknown and malformed ids, and odd topic names, answer a clear 4xx", async () => {
    const unknown = server.app.publicIds.encode(987654);
    const cases: Array<[string, number]> = [
      [`/peony/v3/clue_report/${unknown}/detail`, 404],
      ["/peony/v3/clue_report/not-a-hashid/detail", 404],
      [`/peony/v3/clue_report/${"a".repeat(65)}/detail`, 400],
      ["/peony/v3/clue_report/%E4%B8%AD/detail", 400],
      [`/peony/v3/clue_report/user/${unknown}`, 404],
      [`/peony/v3/clue_report/user/${unknown}/clues`, 404],
      [`/peony/v3/clue_report/user/${unknown}/at_ta_clues`, 404],
      [`/peony/v3/clue_report/user/${unknown}/relate_posts`, 404],
      [`/peony/v3/clue_report/user/${lin}/clues?page=0`, 400],
      [`/peony/v3/clue_report/user/${lin}/clues?limit=51`, 400],
      [`/peony/v3/clue_report/topic/${enc("没有这个话题")}`, 404],
      [`/peony/v3/clue_report/topic/${enc("带 空格 的话题")}`, 404],
      [`/peony/v3/clue_report/topic/${enc("🔥🔥")}`, 404],
      [`/peony/v3/clue_report/topic/${enc("100%")}`, 404],
      [`/peony/v3/clue_report/topic/${enc("a/b")}`, 404],
      [`/peony/v3/clue_report/topic/${enc("话".repeat(51))}`, 400],
      [`/peony/v3/clue_report/topic/${enc("x".repeat(500))}`, 414],
      ["/peony/v3/clue_report/topic/%", 400],
      ["/peony/v3/clue_report/topic/%E4%B8", 400],
      [`/peony/v3/clue_report/topic/${enc("a\u0001b")}`, 400],
      [`/peony/v3/clue_report/topic/${enc("街坊身边事")}?sort=random`, 400],
      [`/peony/v3/clue_report/topic/${enc("街坊身边事")}?limit=1000`, 400],
    ];
    for (const [path, expected] of cases) {
      const { status, body } = await server.get(path, token);
      expect([path, status]).toEqual([path, expected]);
      expect(body.code, path).not.toBe(0);
      expect(typeof body.msg, path).toBe("string");
    }
  });

  it("R-API-ENDPOINTS every clue-report and picho call is in the OpenAPI document", async () => {
    const paths = Object.keys((await server.get("/docs/json")).body.paths);
    for (const path of [
      "/peony/v3/clue_report/{id}/detail",
      "/peony/v3/clue_report/recommend_topics",
      "/peony/v3/clue_report/topic/{name}",
      "/peony/v3/clue_report/user/{id}",
      "/peony/v3/clue_report/user/{id}/clues",
      "/peony/v3/clue_report/user/{id}/at_ta_clues",
      "/peony/v3/clue_report/user/{id}/relate_posts",
      "/peony/v1/picho/v1/open/{rid}/content/{uuid}",
      "/peony/v1/picho/v1/open/{rid}/content",
      "/peony/v1/picho/v1/open/{rid}/catalog/{id}",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("R-API-ENDPOINTS the clue-report calls need a token", async () => {
    expect((await server.get(`/peony/v3/clue_report/${lamps}/detail`)).status).toBe(401);
  });
});
