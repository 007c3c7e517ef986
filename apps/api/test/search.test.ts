import { seedDemoData } from "@davmu/demo/seed";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indexContentForSearch } from "../src/modules/search/repository.ts";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";

describe("search and hot words", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    const db = server.database.handle.db;
    await seedDemoData(db, Date.now(), { readership: false });
    const now = Date.now();
    const base = {
      content_type: "article",
      group_id: "city",
      summary: "",
      source_alias: "测试来源",
      body_html: "<p>x</p>",
      cover_url: "",
      view_count: 0,
      like_count: 0,
      collect_count: 0,
      duration_str: "",
      pic_num: 0,
      payload_json: "{}",
      comment_available: 1,
      enable_comment: 1,
      mp_id: null,
      album_status: null,
      album_total: null,
      expired_at: null,
      created_at: now,
      updated_at: now,
    };
    // 25 published items about one keyword (newest last), one withdrawn, one with markup in its title
    for (let i = 0; i < 25; i++) {
      const title = `湖畔书屋第${i + 1}期 读书会邀你共读`;
      const row = await db
        .insertInto("contents")
        .values({ ...base, external_id: `search-${i}`, title, publish_at: now - (25 - i) * 60_000, state: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      await indexContentForSearch(db, row.id, title);
    }
    for (const [external, title, state] of [
      ["search-withdrawn", "湖畔书屋已撤稿", 17],
      ["search-markup", '<img src=x onerror="alert(1)">湖畔书屋 & "引号"', 0],
      ["search-latin", "AI 赋能 Smart City 论坛", 0],
    ] as const) {
      const row = await db
        .insertInto("contents")
        .values({ ...base, external_id: external, title, publish_at: now, state })
        .returning("id")
        .executeTakeFirstOrThrow();
      await indexContentForSearch(db, row.id, title);
    }
    token = await server.anonymousToken();
  });
  afterAll(() => server?.close());

  const search = (query: string) => server.get(`/peony/v1/search?${query}`, token);

  it("R-ROUTE-1 hot words answer the editors' list in order, ranked from 1", async () => {
    const { status, body } = await server.get("/peony/v1/search/hot-words", token);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.list.length).toBeGreaterThan(3);
    expect(body.data.list[0]).toEqual({ word: "口袋公园", rank: 1 });
    expect(body.data.list.map((w: { rank: number }) => w.rank)).toEqual(
      body.data.list.map((_: unknown, i: number) => i + 1),
    );
  });

  it("R-ROUTE-1 a keyword finds published titles holding it, newest first, paged with has_more", async () => {
    const first = await search(`keyword=${encodeURIComponent("湖畔书屋")}&page=1&size=10`);
    expect(first.status).toBe(200);
    expect(first.body.data.total).toBe(26);
    expect(first.body.data.list).toHaveLength(10);
    expect(first.body.data.has_more).toBe(true);
    expect(first.body.data.list.every((i: { title: string }) => i.title.includes("湖畔书屋"))).toBe(true);
    expect(first.body.data.list.some((i: { title: string }) => i.title.includes("撤稿"))).toBe(false);
    const times = first.body.data.list.map((i: { publish_at: string }) => Date.parse(i.publish_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    const last = await search(`keyword=${encodeURIComponent("湖畔书屋")}&page=3&size=10`);
    expect(last.body.data.list).toHaveLength(6);
    expect(last.body.data.has_more).toBe(false);
    const ids = new Set<string>();
    for (const page of [1, 2, 3]) {
      const { body } = await search(`keyword=${encodeURIComponent("湖畔书屋")}&page=${page}&size=10`);
      for (const item of body.data.list) ids.add(item.post_id);
    }
    expect(ids.size).toBe(26);
  });

  it("R-ROUTE-1 search matches the demo data, one character, Latin text in any case, and words apart", async () => {
    const park = await search(`keyword=${encodeURIComponent("口袋公园")}`);
    const parkTitles = park.body.data.list.map((i: { title: string }) => i.title);
    expect(parkTitles).toContain("老城区新添12座口袋公园 居民下楼五分钟就能见绿");
    expect(parkTitles.every((t: string) => t.includes("口袋公园"))).toBe(true);
    const article = park.body.data.list.find((i: { title: string }) => i.title.startsWith("老城区新添12座"));
    expect(article.content_link).toMatch(/\/davmu\/share\/(news|mp)\/doc\/\d{4}\/\d{2}\/\w+\/index\.html$/);
    const one = await search(`keyword=${encodeURIComponent("鹭")}`);
    expect(one.body.data.total).toBeGreaterThanOrEqual(1);
    expect(one.body.data.list.every((i: { title: string }) => i.title.includes("鹭"))).toBe(true);
    const latin = await search("keyword=smart%20CITY");
    expect(latin.body.data.list[0].title).toBe("AI 赋能 Smart City 论坛");
    const apart = await search(`keyword=${encodeURIComponent("湖畔 读书会")}&size=1`);
    expect(apart.body.data.total).toBe(25);
    const none = await search(`keyword=${encodeURIComponent("不存在的词语")}`);
    expect(none.body.data).toMatchObject({ list: [], total: 0, has_more: false });
  });

  it("R-SEC-XSS a title with markup comes back as the same text; the keyword is echoed trimmed", async () => {
    const { body } = await search(`keyword=${encodeURIComponent("  引号 ")}`);
    expect(body.data.keyword).toBe("引号");
    expect(body.data.list[0].title).toBe('<img src=x onerror="alert(1)">湖畔书屋 & "引号"');
  });

  it("R-SRV-4 empty, blank, punctuation-only and too long keywords get a 400 envelope", async () => {
    for (const query of [
      "",
      "keyword=",
      `keyword=${encodeURIComponent("   ")}`,
      `keyword=${encodeURIComponent("%_%")}`,
      `keyword=${encodeURIComponent("长".repeat(41))}`,
    ]) {
      const { status, body } = await search(query);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ code: 400, data: null });
      expect(body.msg.length).toBeGreaterThan(0);
    }
  });

  it("R-SRV-4 bad page and size values get a 400 envelope, never a 500", async () => {
    for (const query of ["page=0", "page=-1", "page=abc", "page=51", "page=1.5", "size=0", "size=21", "size=x"]) {
      const { status, body } = await search(`keyword=${encodeURIComponent("江澜")}&${query}`);
      expect(status, query).toBe(400);
      expect(body).toMatchObject({ code: 400, data: null });
    }
  });

  it("R-SRV-4 LIKE wildcards and quotes in a keyword are plain text, not patterns or SQL", async () => {
    for (const keyword of ["%", "_", "%%", "\\"]) {
      const { status } = await search(`keyword=${encodeURIComponent(keyword)}`);
      expect(status).toBe(400);
    }
    // punctuation, % included, separates words as a space does
    for (const keyword of ["湖畔' OR '1'='1", "' or 1=1 --", "湖%畔"]) {
      const { status, body } = await search(`keyword=${encodeURIComponent(keyword)}`);
      expect(status, keyword).toBe(200);
      expect(body.data.total, keyword).toBe(keyword === "湖%畔" ? 26 : 0);
    }
  });

  it("R-CONTENT-8 content list pages are bounded: past page 100 is a 400, never a deep scan", async () => {
    const deep = await server.get("/peony/v1/content?pageindex=101&pagesize=10", token);
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 400, data: null });
    const last = await server.get("/peony/v1/content?pageindex=100&pagesize=10", token);
    expect(last.status).toBe(200);
    expect(last.body.data.list).toEqual([]);
  });

  it("R-SRV-1 search needs a token like every call", async () => {
    const { status, body } = await server.get("/peony/v1/search?keyword=a", null);
    expect(status).toBe(401);
    expect(body.data).toBeNull();
  });

  it("R-SRV-1 search candidates are read through the (term, content_id) primary key", async () => {
    const db = server.database.handle.db;
    if (testDialect === "sqlite") {
      const plan = await sql<{
        detail: string;
      }>`explain query plan select content_id from content_search_terms where term in ('湖畔', '畔书') group by content_id`.execute(
        db,
      );
      expect(plan.rows.map((r) => r.detail).join("\n")).toMatch(/USING (COVERING )?INDEX/);
    } else {
      await sql`set enable_seqscan = off`.execute(db);
      const plan = await sql<{
        "QUERY PLAN": string;
      }>`explain select content_id from content_search_terms where term in ('湖畔', '畔书') group by content_id`.execute(
        db,
      );
      await sql`set enable_seqscan = on`.execute(db);
      expect(plan.rows.map((r) => r["QUERY PLAN"]).join("\n")).toMatch(/Index/);
    }
  });
});
