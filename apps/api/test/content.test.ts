import { unavailableStates } from "@davmu/contracts/content";
import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { demoLiveItems } from "@davmu/demo/areas/live";
import { demoTypeItems } from "@davmu/demo/demo-types";
import { seedDemoData } from "@davmu/demo/seed";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toRelatedItem } from "../src/modules/content/present.ts";
import { startTestServer, type TestServer } from "./helper.ts";

describe("content", () => {
  let server: TestServer;
  let token: string;
  const codec = createPublicIdCodec("davmu-share-development-salt", 8);
  let withheldId: string;
  let unsafeId: string;

  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_ORIGIN: "https://share.example.com" });
    const db = server.database.handle.db;
    await seedDemoData(db, Date.now(), { readership: false });
    const now = Date.now();
    const base = {
      content_type: "article",
      group_id: "city",
      summary: "",
      source_alias: "测试来源",
      cover_url: "",
      publish_at: now,
      view_count: 0,
      like_count: 0,
      collect_count: 0,
      duration_str: "",
      pic_num: 0,
      payload_json: "{}",
      comment_available: 0,
      enable_comment: 0,
      mp_id: null,
      album_status: null,
      album_total: null,
      expired_at: null,
      created_at: now,
      updated_at: now,
    };
    const withheld = await db
      .insertInto("contents")
      .values({ ...base, external_id: "withheld", title: "已撤稿", body_html: "<p>x</p>", state: 17 })
      .returning("id")
      .executeTakeFirstOrThrow();
    const unsafe = await db
      .insertInto("contents")
      .values({
        ...base,
        external_id: "unsafe",
        title: "带脚本的稿件",
        state: 0,
        body_html:
          '<p onclick="steal()">正文<script>alert(1)</script></p><img src="javascript:alert(1)" onerror="x()"><a href="https://example.com/a">链接</a><iframe src="https://evil.example"></iframe>',
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    withheldId = codec.encode(withheld.id);
    unsafeId = codec.encode(unsafe.id);
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-ENT-CONTENT an article answers every field of the content item", async () => {
    const demo = await server.database.handle.db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "demo-article-01")
      .executeTakeFirstOrThrow();
    const postId = codec.encode(demo.id);
    const { status, body } = await server.get(`/inner/static/content/${postId}`, token);
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    const item = body.data;
    for (const field of [
      "post_id",
      "content_type",
      "type",
      "title",
      "summary",
      "source_alias",
      "publish_at",
      "view_count",
      "like_count",
      "collect_count",
      "duration_str",
      "pic_num",
      "payload",
      "share_link",
      "content_link",
      "pc_link",
      "style",
      "state",
      "meta",
      "enable_comment",
      "relations",
      "track_id",
      "mp",
      "mp_user_id",
      "album_status",
      "expired_at",
      "content",
    ]) {
      expect(item, field).toHaveProperty(field);
    }
    expect(Object.keys(item.payload).sort()).toEqual(
      ["app_url", "bizName", "capsule", "enable_app", "enable_pc", "nav", "pc_url", "real_url", "url"].sort(),
    );
    expect(item.post_id).toBe(postId);
    expect(item.content_type).toBe("article");
    expect(item.type).toBe("doc");
    expect(item.title.length).toBeGreaterThan(5);
    expect(item.content).toContain("<p>");
    expect(item.style.data[0].url).toMatch(/^\/media\/covers\/.+\.jpg$/);
    expect(item.meta.comment_available).toMatch(/^(true|false)$/);
    expect(item.relations).toHaveLength(3);
    expect(item.relations[0]).toHaveProperty("content_link");
    expect(item.content_link).toMatch(new RegExp(`^/davmu/share/(news|mp)/doc/\\d{4}/\\d{2}/${postId}/index\\.html$`));
    expect(item.share_link).toBe(`https://share.example.com${item.content_link}`);
  });

  it("R-ENT-CONTENT body HTML stored uncleaned (written to the database directly) is sanitised on the way out", async () => {
    const { body } = await server.get(`/inner/static/content/${unsafeId}`, token);
    const html: string = body.data.content;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:|iframe/i);
    expect(html).toContain("正文");
    expect(html).toContain('href="https://example.com/a"');
    expect(html).toContain('rel="noopener noreferrer nofollow"');
  });

  it("R-CONTENT-1 an unknown id answers 404 with code 10024", async () => {
    const { status, body } = await server.get(`/inner/static/content/${codec.encode(999999)}`, token);
    expect(status).toBe(404);
    expect(body).toEqual({ code: 10024, msg: "内容不存在或已下线", data: null });
  });

  it("R-CONTENT-1 content in state 17 or 100 is unavailable", async () => {
    const { status, body } = await server.get(`/inner/static/content/${withheldId}`, token);
    expect(status).toBe(404);
    expect(body.code).toBe(10024);
  });

  it("R-CONTENT-1 R-SRV-7 every item asked for at once, none kept yet, answers its own row, related items and media account", async () => {
    const db = server.database.handle.db;
    const rows = await db
      .selectFrom("contents")
      .select(["id", "title", "mp_id"])
      .where("state", "not in", [17, 100])
      .execute();
    const accounts = new Map(
      (await db.selectFrom("media_accounts").select(["id", "name"]).execute()).map((a) => [a.id, a.name]),
    );
    const relations = await db
      .selectFrom("content_relations as r")
      .innerJoin("contents as c", "c.id", "r.related_id")
      .select(["r.content_id", "r.related_id"])
      .where("c.state", "not in", [17, 100])
      .orderBy("r.content_id")
      .orderBy("r.position")
      .execute();
    expect(rows.length).toBeGreaterThan(20);
    expect(rows.some((row) => row.mp_id !== null)).toBe(true);
    expect(relations.length).toBeGreaterThan(0);
    // a session of its own: nothing of it is kept, so every answer is read from the database
    const fresh = await server.anonymousToken();
    const answers = await Promise.all(
      rows.map((row) => server.get(`/inner/static/content/${codec.encode(row.id)}`, fresh)),
    );
    answers.forEach(({ status, body }, n) => {
      const row = rows[n] as (typeof rows)[number];
      expect(status, row.title).toBe(200);
      expect(body.data.post_id).toBe(codec.encode(row.id));
      expect(body.data.title).toBe(row.title);
      expect(body.data.mp?.name ?? null).toBe(row.mp_id === null ? null : accounts.get(row.mp_id));
      const related = relations.filter((r) => r.content_id === row.id).map((r) => codec.encode(r.related_id));
      expect(body.data.relations.map((r: { post_id: string }) => r.post_id)).toEqual(related);
    });
  });

  it("R-CONTENT-1 an item read in one statement with its related items and media account answers them as their own queries do, field by field", async () => {
    const db = server.database.handle.db;
    const items = await db
      .selectFrom("contents")
      .select(["id", "mp_id"])
      .where("state", "not in", [...unavailableStates])
      .execute();
    const withRelations = await db.selectFrom("content_relations").select("content_id").distinct().execute();
    expect(items.some((item) => item.mp_id !== null)).toBe(true);
    expect(withRelations.length).toBeGreaterThan(0);
    // a related item hidden since: the one statement leaves it out, as the separate query does
    const first = withRelations.find((r) => items.some((item) => item.id === r.content_id))?.content_id ?? 0;
    const hiddenOne = await db
      .selectFrom("content_relations")
      .select("related_id")
      .where("content_id", "=", first)
      .orderBy("position")
      .executeTakeFirstOrThrow();
    const before = await db
      .selectFrom("contents")
      .select("state")
      .where("id", "=", hiddenOne.related_id)
      .executeTakeFirstOrThrow();
    await db.updateTable("contents").set({ state: 100 }).where("id", "=", hiddenOne.related_id).execute();
    try {
      for (const item of items) {
        const found = await server.app.contents.findForAnswer(item.id, unavailableStates);
        const separate = await server.app.contents.relatedTo(item.id, unavailableStates);
        expect(found?.row).toEqual(await server.app.contents.findById(item.id));
        expect(found?.related).toEqual(separate);
        expect(found?.related.map((r) => toRelatedItem(r, server.app.contentLinks))).toEqual(
          separate.map((r) => toRelatedItem(r, server.app.contentLinks)),
        );
        const account = item.mp_id === null ? null : await server.app.contents.findMediaAccount(item.mp_id);
        expect(found?.account).toEqual(account ?? null);
        if (item.id === first) {
          expect(found?.related.map((r) => r.id)).not.toContain(hiddenOne.related_id);
        }
      }
      expect(await server.app.contents.findForAnswer(999_999_999, unavailableStates)).toBeUndefined();
    } finally {
      await db.updateTable("contents").set({ state: before.state }).where("id", "=", hiddenOne.related_id).execute();
      server.app.contentChanges.publish(hiddenOne.related_id);
    }
  });

  it("R-CONTENT-1 related items come in editorial order, then by id, in the one statement as in their own query, however they were inserted", async () => {
    const db = server.database.handle.db;
    const available = await db
      .selectFrom("contents")
      .select("id")
      .where("state", "not in", [...unavailableStates])
      .orderBy("id")
      .limit(6)
      .execute();
    const [item, ...others] = available.map((row) => row.id) as [number, ...number[]];
    const saved = await db.selectFrom("content_relations").selectAll().where("content_id", "=", item).execute();
    await db.deleteFrom("content_relations").where("content_id", "=", item).execute();
    try {
      // inserted last position first, two of them sharing a position
      const positions = [3, 1, 2, 1, 0];
      for (const [n, related] of [...others].reverse().entries()) {
        await db
          .insertInto("content_relations")
          .values({ content_id: item, related_id: related, position: positions[n] as number })
          .execute();
      }
      const expected = [...others]
        .reverse()
        .map((related, n) => ({ related, position: positions[n] as number }))
        .sort((a, b) => a.position - b.position || a.related - b.related)
        .map((entry) => entry.related);
      const found = await server.app.contents.findForAnswer(item, unavailableStates);
      expect(found?.related.map((r) => r.id)).toEqual(expected);
      expect((await server.app.contents.relatedTo(item, unavailableStates)).map((r) => r.id)).toEqual(expected);
    } finally {
      await db.deleteFrom("content_relations").where("content_id", "=", item).execute();
      if (saved.length > 0) await db.insertInto("content_relations").values(saved).execute();
      server.app.contentChanges.publish(item);
    }
  });

  it("R-SRV-4 a malformed id gets a 4xx envelope, never a 500", async () => {
    for (const id of ["not-a-hashid", "abc", "%E4%BD%A0%E5%A5%BD", "a".repeat(65), "12345678"]) {
      const { status, body } = await server.get(`/inner/static/content/${id}`, token);
      expect([400, 404], id).toContain(status);
      expect(body.data, id).toBeNull();
      expect(typeof body.msg).toBe("string");
    }
  });

  it("R-SRV-1 the content list pages newest first and filters by group", async () => {
    const first = await server.get("/peony/v1/content?pageindex=1&pagesize=5", token);
    const second = await server.get("/peony/v1/content?pageindex=2&pagesize=5", token);
    expect(first.body.data.list).toHaveLength(5);
    // 12 demo articles, the items of other types, the demo form and the unsafe one; the withheld one is hidden
    expect(first.body.data.total).toBe(13 + demoTypeItems().length + 1 + demoLiveItems(0).length);
    const dates = [...first.body.data.list, ...second.body.data.list].map((i: { publish_at: string }) => i.publish_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    const ids = new Set([...first.body.data.list, ...second.body.data.list].map((i: { post_id: string }) => i.post_id));
    expect(ids.size).toBe(10);
    const culture = await server.get("/peony/v1/content?gid=culture", token);
    expect(culture.body.data.total).toBeGreaterThan(0);
    expect(culture.body.data.total).toBeLessThan(first.body.data.total);
  });

  it("R-SRV-4 wrong query types get 400 naming the parameter", async () => {
    for (const query of ["pageindex=zero", "pageindex=0", "pagesize=500", "pagesize=-1"]) {
      const { status, body } = await server.get(`/peony/v1/content?${query}`, token);
      expect(status, query).toBe(400);
      expect(body.msg).toMatch(/page(index|size)/);
    }
  });
});
