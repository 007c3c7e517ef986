import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testDialect, testEditorKey } from "./helper.ts";
import { type EditorLogin, editorSession } from "./support/editors.ts";

let phone = 13977770000;
const nextPhone = () => String(phone++);

describe("the audit trail and two editors at once", () => {
  let server: TestServer;
  let admin: EditorLogin;
  let moderatorA: EditorLogin;
  let moderatorB: EditorLogin;
  let post: string;

  beforeAll(async () => {
    server = await startTestServer();
    post = await server.demoPostId("demo-article-04");
    admin = await editorSession(server, "admin");
    moderatorA = await editorSession(server, "moderator");
    moderatorB = await editorSession(server, "moderator");
  });
  afterAll(() => server.close());

  /** A reader's comment, held for moderation; answers its public id and row id. */
  async function heldComment(text: string): Promise<{ gid: string; id: number }> {
    const { token } = await server.login(nextPhone());
    const posted = await server.post(`/peony/v1/comment/${post}`, { content: text }, token);
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    const gid = posted.body.data.gid as string;
    const id = server.app.publicIds.decode(gid) as number;
    await server.app.comments.setStatus(id, "pending", "link");
    return { gid, id };
  }
  const audit = async (query: string, headers = admin.headers) =>
    server.get(`/editor/v1/audit?${query}`, null, headers);
  const auditRows = async (target: string) =>
    server.database.handle.db
      .withTables<{ editor_audit: { id: number; target: string; action: string } }>()
      .selectFrom("editor_audit")
      .selectAll()
      .where("target", "=", target)
      .execute();

  /** Makes the database refuse audit records of one target; answers the undoing. */
  async function refuseAuditOf(target: string): Promise<() => Promise<void>> {
    const db = server.database.handle.db;
    if (testDialect === "postgres") {
      await sql`create function refuse_audit() returns trigger language plpgsql as $$
        begin if new.target = ${sql.lit(target)} then raise exception 'refused'; end if; return new; end $$`.execute(
        db,
      );
      await sql`create trigger refuse_audit before insert on editor_audit for each row execute function refuse_audit()`.execute(
        db,
      );
    } else {
      await sql`create trigger refuse_audit before insert on editor_audit when new.target = ${sql.lit(target)}
        begin select raise(abort, 'refused'); end`.execute(db);
    }
    return async () => {
      await sql`drop trigger refuse_audit ${testDialect === "postgres" ? sql`on editor_audit` : sql``}`.execute(db);
      if (testDialect === "postgres") await sql`drop function refuse_audit()`.execute(db);
    };
  }

  it("R-CONSOLE-3 an app setting and a preview revocation are written with their record, before and after, or not at all", async () => {
    const editor = await editorSession(server, "editor");
    const first = { ios: "https://apps.example.com/ios", android: "https://apps.example.com/android.apk" };
    const second = { ios: "https://apps.example.com/ios2", android: "https://apps.example.com/android2.apk" };
    expect((await server.put("/editor/v1/app/download_urls", first, null, editor.headers)).status).toBe(200);
    expect((await server.put("/editor/v1/app/download_urls", second, null, editor.headers)).status).toBe(200);
    const trail = await audit("target=app%3Adownload_urls");
    expect(trail.body.data.list[0]).toMatchObject({ editor_id: editor.id, before: first, after: second });
    const allow = await refuseAuditOf("app:download_urls");
    try {
      const third = { ios: "https://apps.example.com/ios3", android: "https://apps.example.com/android3.apk" };
      expect((await server.put("/editor/v1/app/download_urls", third, null, editor.headers)).status).toBe(500);
    } finally {
      await allow();
    }
    expect(await server.app.appSettings.appDownloadUrls()).toEqual(second);
    // a revocation of preview links records the revision before and after
    const postId = await server.demoPostId("demo-article-02");
    expect((await server.post(`/editor/v1/preview/${postId}/revoke`, undefined, null, editor.headers)).status).toBe(
      200,
    );
    const revoked = await audit(`target=${encodeURIComponent(`preview:${postId}`)}`);
    const entry = revoked.body.data.list[0];
    expect(entry.action).toBe("revokePreviews");
    expect(entry.after.revision).toBe(entry.before.revision + 1);
  });

  it("R-CONSOLE-3 local information and a live room's status are recorded with the value before and after", async () => {
    const editor = await editorSession(server, "editor");
    const weather = { condition: "晴", temperature: 20, low: 15, high: 25 };
    expect(
      (await server.put("/editor/v1/lbs/audit-town", { city: "东城", weather }, null, editor.headers)).status,
    ).toBe(200);
    expect((await server.put("/editor/v1/lbs/audit-town", { city: "东城新区" }, null, editor.headers)).status).toBe(
      200,
    );
    const lbs = (await audit("target=lbs%3Aaudit-town")).body.data.list;
    expect(lbs).toHaveLength(2);
    expect(lbs[0]).toMatchObject({ action: "updateLbs", before: { city: "东城" }, after: { city: "东城新区" } });
    expect(lbs[1].before).toBeNull();
    const room = await server.demoPostId("demo-live-concert");
    const changed = await server.put(`/editor/v3/live/room/${room}/status`, { status: 1 }, null, editor.headers);
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const live = (await audit(`target=${encodeURIComponent(`live:${room}`)}`)).body.data.list;
    expect(live[0]).toMatchObject({ action: "updateLiveStatus", editor_id: editor.id, after: { status: 1 } });
    expect(live[0].before.status).not.toBe(1);
  });

  it("R-CONSOLE-5 two moderators act on the same held comment at once: one 200, the other 409 naming who handled it", async () => {
    const pairs: [{ action: string }, { action: string }][] = [
      [{ action: "approve" }, { action: "reject" }],
      [{ action: "reject" }, { action: "approve" }],
      [{ action: "reject" }, { action: "reject" }],
    ];
    for (const [first, second] of pairs) {
      const { gid } = await heldComment(`并发审核的评论 ${first.action}${second.action}`);
      const answers = await Promise.all([
        server.post(`/editor/v1/comments/${gid}`, first, null, moderatorA.headers),
        server.post(`/editor/v1/comments/${gid}`, second, null, moderatorB.headers),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      const winner = answers[0]?.status === 200 ? moderatorA : moderatorB;
      const name = (await server.app.editors.findById(winner.id))?.name as string;
      const lost = answers.find((a) => a.status === 409);
      expect(lost?.body.msg).toMatch(new RegExp(`^该评论已由 ${name}处理（已(通过|驳回)）$`));
      // one action, one record
      expect(await auditRows(`comment:${gid}`)).toHaveLength(1);
    }
  });

  it("R-CONSOLE-5 R-MOD-2 a reported comment kept by one moderator leaves the queue; a second keep or reject gets 409", async () => {
    const author = await server.login(nextPhone());
    const posted = await server.post(`/peony/v1/comment/${post}`, { content: "被举报但没有问题的评论" }, author.token);
    const gid = posted.body.data.gid as string;
    const reporter = await server.login(nextPhone());
    await server.post(`/peony/v1/comment/${post}/${gid}/report`, { reason: "abuse", detail: "误报" }, reporter.token);
    const queue = async () =>
      (await server.get("/editor/v1/comments?status=reported&size=50", null, moderatorA.headers)).body.data.list.map(
        (c: { gid: string }) => c.gid,
      );
    expect(await queue()).toContain(gid);
    const answers = await Promise.all([
      server.post(`/editor/v1/comments/${gid}`, { action: "approve" }, null, moderatorA.headers),
      server.post(`/editor/v1/comments/${gid}`, { action: "reject" }, null, moderatorB.headers),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    expect(await queue()).not.toContain(gid);
    expect(await auditRows(`comment:${gid}`)).toHaveLength(1);
  });

  it("R-CONSOLE-5 two moderators delete the same comment at once: exactly one deletion", async () => {
    const { gid } = await heldComment("并发删除的评论");
    const answers = await Promise.all([
      server.delete(`/editor/v1/comments/${gid}`, null, moderatorA.headers),
      server.delete(`/editor/v1/comments/${gid}`, null, moderatorB.headers),
    ]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.every((a) => [200, 404, 409].includes(a.status))).toBe(true);
    expect(await auditRows(`comment:${gid}`)).toHaveLength(1);
  });

  it("R-CONSOLE-5 two moderators accept the same tip at once: one 200, the other 409 naming who", async () => {
    const answers = await Promise.all([
      server.post("/editor/v1/tips/JL7QH2WX", { action: "accept" }, null, moderatorA.headers),
      server.post("/editor/v1/tips/JL7QH2WX", { action: "accept" }, null, moderatorB.headers),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0]?.status === 200 ? moderatorA : moderatorB;
    const name = (await server.app.editors.findById(winner.id))?.name as string;
    expect(answers.find((a) => a.status === 409)?.body.msg).toContain(`已由 ${name}处理`);
    expect(await auditRows("tip:JL7QH2WX")).toHaveLength(1);
  });

  it("R-CONSOLE-3 a moderation records who, when, from where, what, before and after", async () => {
    const { gid } = await heldComment("将被驳回并记录的评论");
    const started = Date.now();
    const rejected = await server.post(`/editor/v1/comments/${gid}`, { action: "reject" }, null, {
      ...moderatorA.headers,
      "user-agent": "NewsroomConsole/1.0",
    });
    expect(rejected.status).toBe(200);
    const page = await audit(`target=${encodeURIComponent(`comment:${gid}`)}`);
    expect(page.status).toBe(200);
    expect(page.body.data.list).toHaveLength(1);
    const entry = page.body.data.list[0];
    expect(entry).toMatchObject({
      editor_id: moderatorA.id,
      ip: "127.0.0.1",
      user_agent: "NewsroomConsole/1.0",
      action: "moderateComment",
      target: `comment:${gid}`,
      before: { status: "pending", body: "将被驳回并记录的评论" },
      after: { status: "rejected" },
    });
    expect(Date.parse(entry.at)).toBeGreaterThanOrEqual(started - 1000);
    expect(entry.editor_name).toBe((await server.app.editors.findById(moderatorA.id))?.name);
  });

  it("R-CONSOLE-3 a change whose audit record cannot be written does not happen, and a failed change leaves no record", async () => {
    const { gid, id } = await heldComment("审计写入失败的评论");
    const target = `comment:${gid}`;
    // the database refuses this one record: the moderation must not happen without it
    const allow = await refuseAuditOf(target);
    try {
      const answer = await server.post(`/editor/v1/comments/${gid}`, { action: "reject" }, null, moderatorA.headers);
      expect(answer.status).toBe(500);
      expect((await server.app.comments.findById(id))?.status).toBe("pending");
    } finally {
      await allow();
    }
    // a change that fails after its record was written takes the record with it
    await expect(
      server.app.comments.moderate(id, "rejected", moderatorA.id, async (trx) => {
        await server.app.editors.audit(
          {
            editorId: moderatorA.id,
            ip: "",
            userAgent: "",
            action: "moderateComment",
            target,
            before: null,
            after: null,
          },
          trx,
        );
        throw new Error("the change fails after its record");
      }),
    ).rejects.toThrow("the change fails after its record");
    expect(await auditRows(target)).toHaveLength(0);
    expect((await server.app.comments.findById(id))?.status).toBe("pending");
    // and a refused change (409, 404, 400) leaves none either
    expect(
      (await server.post(`/editor/v1/comments/${gid}`, { action: "explode" }, null, moderatorA.headers)).status,
    ).toBe(400);
    expect(await auditRows(target)).toHaveLength(0);
  });

  it("R-CONSOLE-3 the database refuses to change or delete an audit record", async () => {
    const db = server.database.handle.db;
    const [row] = await db
      .withTables<{ editor_audit: { id: number } }>()
      .selectFrom("editor_audit")
      .select("id")
      .limit(1)
      .execute();
    expect(row).toBeDefined();
    await expect(sql`update editor_audit set action = 'forged' where id = ${row?.id}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from editor_audit where id = ${row?.id}`.execute(db)).rejects.toThrow(/append-only/);
  });

  it("R-CONSOLE-3 every other editorial write is recorded too; the content import with its items, by the import key", async () => {
    const editor = await editorSession(server, "editor");
    const urls = { ios: "https://apps.example.com/ios", android: "https://apps.example.com/android.apk" };
    expect((await server.put("/editor/v1/app/download_urls", urls, null, editor.headers)).status).toBe(200);
    const page = await audit("action=saveAppDownloadUrls");
    expect(page.body.data.list[0]).toMatchObject({ editor_id: editor.id, action: "saveAppDownloadUrls", after: urls });
    // the content import key is recorded as such
    const imported = await server.post(
      "/editor/v1/contents",
      [
        {
          external_id: "audit-import-1",
          content_type: "article",
          title: "审计导入",
          summary: "",
          source_alias: "江澜新闻",
          body_html: "<p>正文</p>",
          publish_at: new Date().toISOString(),
        },
      ],
      null,
      { "x-api-key": testEditorKey },
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const importedPage = await audit("action=importContents");
    expect(importedPage.body.data.list[0]).toMatchObject({
      editor_id: null,
      editor_name: "导入密钥",
      target: "contents",
      after: { created: 1, items: [{ external_id: "audit-import-1" }] },
    });
    // a batch refused as a whole writes no record either
    const before = (await audit("action=importContents")).body.data.list.length;
    const refused = await server.post("/editor/v1/contents", [{ external_id: "audit-bad" }], null, {
      "x-api-key": testEditorKey,
    });
    expect(refused.status).toBe(400);
    expect((await audit("action=importContents")).body.data.list).toHaveLength(before);
  });

  it("R-CONSOLE-3 the trail is filtered by editor, action, target and time, a page at a time, and exported as CSV; admin only", async () => {
    const mine = await audit(`editor_id=${moderatorA.id}&limit=2`);
    expect(mine.status).toBe(200);
    expect(mine.body.data.list.length).toBeLessThanOrEqual(2);
    expect(mine.body.data.list.every((e: { editor_id: number }) => e.editor_id === moderatorA.id)).toBe(true);
    // paging: newest first, every record once
    const seen: number[] = [];
    let cursor: number | null = null;
    do {
      const page: any = await audit(`editor_id=${moderatorA.id}&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      seen.push(...page.body.data.list.map((e: { id: number }) => e.id));
      cursor = page.body.data.next;
    } while (cursor !== null && seen.length < 100);
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen.length).toBeGreaterThanOrEqual(2);
    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await audit(`from=${encodeURIComponent(future)}`)).body.data.list).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect(
      (await audit(`from=${encodeURIComponent(past)}&to=${encodeURIComponent(future)}`)).body.data.list.length,
    ).toBeGreaterThan(0);
    for (const query of [
      "limit=0",
      "limit=201",
      "editor_id=0",
      "editor_id=abc",
      "cursor=-1",
      "from=yesterday",
      `from=${encodeURIComponent(future)}&to=${encodeURIComponent(past)}`,
      "action=drop%20table",
    ]) {
      const answer = await audit(query);
      expect(answer.status, query).toBe(400);
      expect(answer.body.msg, query).toBeTruthy();
    }
    const csv = await fetch(`${server.base}/editor/v1/audit.csv?action=moderateComment`, { headers: admin.headers });
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toBe("序号,时间,编辑,编辑ID,IP,浏览器,操作,对象,修改前,修改后");
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((line) => line.includes("moderateComment"))).toBe(true);
    for (const role of [moderatorA, await editorSession(server, "analyst")]) {
      expect((await audit("", role.headers)).status).toBe(403);
      expect((await server.get("/editor/v1/audit.csv", null, role.headers)).status).toBe(403);
    }
  });
});
