import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { mintToken } from "../src/modules/preview/token.ts";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const key: Record<string, string> = {};
const secret = "preview-test-secret-0123456789abcdef";

describe("editors' previews", () => {
  let server: TestServer;
  let token: string;
  let postId: string;
  let contentId: number;

  beforeAll(async () => {
    server = await startTestServer({ PREVIEW_SECRET: secret });
    Object.assign(key, (await editorSession(server, "editor")).headers);
    postId = await server.demoPostId("demo-article-02");
    token = await server.anonymousToken();
    const row = await server.database.handle.db
      .selectFrom("contents")
      .select("id")
      .where("external_id", "=", "demo-article-02")
      .executeTakeFirstOrThrow();
    contentId = row.id;
    // withdrawn: the public call no longer shows it, a preview still does
    await server.database.handle.db.updateTable("contents").set({ state: 100 }).where("id", "=", contentId).execute();
  });
  afterAll(() => server.close());

  const mint = (body: unknown, id = postId) => server.post(`/editor/v1/preview/${id}`, body, null, key);
  const detail = (query: string, id = postId) => server.get(`/inner/preview/document/detail/${id}?${query}`, token);
  const open = (link: { token: string; actor: string }) =>
    detail(`token=${encodeURIComponent(link.token)}&actor=${encodeURIComponent(link.actor)}`);

  it("R-PREVIEW-1 an editor mints a signed link for an unpublished item; the link shows it for 30 minutes, never cached", async () => {
    expect((await server.get(`/inner/static/content/${postId}`, token)).body.code).toBe(10024);
    const before = Date.now();
    const minted = await mint({ editor: "alice" });
    expect(minted.status).toBe(200);
    const link = minted.body.data;
    expect(link.actor).toBe("preview-alice");
    expect(link.url).toMatch(
      new RegExp(`/davmu/share/preview-alice/doc/\\d{4}/\\d{2}/${postId}/index\\.html\\?token=`),
    );
    const expires = Date.parse(link.expired_at);
    expect(expires - before).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(expires - before).toBeLessThanOrEqual(30 * 60_000 + 5000);
    const shown = await open(link);
    expect(shown.status).toBe(200);
    expect(shown.body.data.post_id).toBe(postId);
    expect(shown.body.data.state).toBe(100);
    expect(shown.body.data.expired_at).toBe(link.expired_at);
    const raw = await fetch(
      `${server.base}/inner/preview/document/detail/${postId}?token=${link.token}&actor=preview-alice`,
      {
        headers: { authorization: token },
      },
    );
    expect(raw.headers.get("cache-control")).toBe("private, no-store");
  });

  it("R-PREVIEW-1 forged, altered, another item's or another actor's tokens are refused with 403", async () => {
    const link = (await mint({ editor: "bob", minutes: 5 })).body.data;
    const [payload, signature] = link.token.split(".");
    const flipped = `${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`;
    for (const forged of [
      flipped,
      `${payload}x.${signature}`,
      `${Buffer.from('[1,0,9999999999999,"bob"]').toString("base64url")}.${signature}`,
    ]) {
      const answer = await open({ token: forged, actor: "preview-bob" });
      expect(answer.status).toBe(403);
      expect(answer.body.msg).toBe("预览链接无效");
    }
    const otherActor = await open({ token: link.token, actor: "preview-eve" });
    expect(otherActor.status).toBe(403);
    const otherPost = await server.demoPostId("demo-article-01");
    const otherItem = await detail(`token=${link.token}&actor=preview-bob`, otherPost);
    expect(otherItem.status).toBe(403);
    expect(otherItem.body.msg).toBe("预览链接与内容不符");
  });

  it("R-ROUTE-5 in preview the public-id check is skipped: the item's internal number opens it too", async () => {
    const link = (await mint({ editor: "erin" }, String(contentId))).body.data;
    const shown = await detail(`token=${link.token}&actor=preview-erin`, String(contentId));
    expect(shown.status).toBe(200);
    expect(shown.body.data.post_id).toBe(postId);
  });

  it("R-ROUTE-4 R-ROUTE-5 the id check is skipped only for a valid grant: without one, existing, withdrawn, unknown and undecodable ids are refused alike", async () => {
    const link = (await mint({ editor: "iris" })).body.data;
    const [payload, signature] = link.token.split(".");
    const forgedTokens = [
      "a.b",
      `${payload}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
      // a payload naming another item under the real signature
      `${Buffer.from(`[${contentId + 1},0,9999999999999,"iris"]`).toString("base64url")}.${signature}`,
    ];
    const ids = [postId, String(contentId), String(contentId + 1), "99999999", "zzzzzzzz", "0", "1e3"];
    for (const forged of forgedTokens) {
      for (const id of ids) {
        for (const path of ["/inner/preview/document/detail", "/inner/preview/special"]) {
          const answer = await server.get(`${path}/${id}?token=${forged}&actor=preview-iris`, token);
          expect(answer.status, `${path}/${id} ${forged}`).toBe(403);
          expect(answer.body).toMatchObject({ msg: "预览链接无效", data: null });
        }
      }
    }
    // a valid grant opens its own item by public id or internal number, and no other id
    expect((await detail(`token=${link.token}&actor=preview-iris`, postId)).body.data.post_id).toBe(postId);
    expect((await detail(`token=${link.token}&actor=preview-iris`, String(contentId))).body.data.post_id).toBe(postId);
    for (const id of [String(contentId + 1), "99999999", "zzzzzzzz", `0${contentId}`]) {
      const answer = await detail(`token=${link.token}&actor=preview-iris`, id);
      expect(answer.status, id).toBe(403);
      expect(answer.body.msg).toBe("预览链接与内容不符");
    }
    // only a grant signed for an item that is gone learns that it is gone
    const gone = mintToken(Buffer.from(secret), {
      contentId: 99_999_999,
      revision: 0,
      expiresAt: Date.now() + 60_000,
      editor: "iris",
    });
    expect((await detail(`token=${gone}&actor=preview-iris`, "99999999")).status).toBe(404);
  });

  it("R-PREVIEW-1 an expired token gets 403 and says it expired", async () => {
    const expired = mintToken(Buffer.from(secret), {
      contentId,
      revision: 0,
      expiresAt: Date.now() - 1000,
      editor: "carol",
    });
    const answer = await open({ token: expired, actor: "preview-carol" });
    expect(answer.status).toBe(403);
    expect(answer.body.msg).toBe("预览链接已过期");
  });

  it("R-PREVIEW-1 a draft revision is shown by its link; saving it or revoking bumps the revision and older links stop working", async () => {
    const old = (await mint({ editor: "dave" })).body.data;
    expect((await open(old)).status).toBe(200);
    const drafted = (await mint({ editor: "dave", draft: { title: "草稿标题：江澜新桥合龙", summary: "草稿摘要" } }))
      .body.data;
    expect(drafted.revision).toBe(old.revision + 1);
    const shown = await open(drafted);
    expect(shown.body.data.title).toBe("草稿标题：江澜新桥合龙");
    expect(shown.body.data.summary).toBe("草稿摘要");
    const stale = await open(old);
    expect(stale.status).toBe(403);
    expect(stale.body.msg).toBe("预览链接已失效，内容已更新");
    const revoked = await server.post(`/editor/v1/preview/${postId}/revoke`, undefined, null, key);
    expect(revoked.status).toBe(200);
    expect(revoked.body.data.revision).toBe(drafted.revision + 1);
    expect((await open(drafted)).status).toBe(403);
    // the draft stays: a new link shows it
    const fresh = (await mint({ editor: "dave" })).body.data;
    expect((await open(fresh)).body.data.title).toBe("草稿标题：江澜新桥合龙");
  });

  it("R-PREVIEW-1 R-ENT-CONTENT a draft's body is cleaned as the preview shows it, though the stored body is served as stored", async () => {
    const drafted = (
      await mint({
        editor: "dave",
        draft: {
          body_html:
            '<p onclick="steal()">草稿正文<script>alert(1)</script></p><a href="https://example.com/d">链接</a>',
        },
      })
    ).body.data;
    const shown = await open(drafted);
    expect(shown.status).toBe(200);
    expect(shown.body.data.content).toContain("草稿正文");
    expect(shown.body.data.content).not.toMatch(/script|onclick/i);
    expect(shown.body.data.content).toContain('rel="noopener noreferrer nofollow"');
  });

  it("R-PREVIEW-1 a special's preview link shows it unpublished, with its draft revision, groups and expiry; older links, other items' tokens and articles are refused", async () => {
    const specialId = await server.demoPostId("demo-special-renewal");
    const db = server.database.handle.db;
    await db.updateTable("contents").set({ state: 100 }).where("external_id", "=", "demo-special-renewal").execute();
    const openSpecial = (link: { token: string; actor: string }, id = specialId) =>
      server.get(
        `/inner/preview/special/${id}?token=${encodeURIComponent(link.token)}&actor=${encodeURIComponent(link.actor)}`,
        token,
      );
    // unpublished: the public call no longer has it
    expect((await server.get(`/inner/special?gid=${specialId}`, token)).status).toBe(404);
    const link = (await mint({ editor: "erin" }, specialId)).body.data;
    expect(link.url).toMatch(
      new RegExp(`/davmu/share/preview-erin/special/\\d{4}/\\d{2}/${specialId}/index\\.html\\?token=`),
    );
    const shown = await openSpecial(link);
    expect(shown.status).toBe(200);
    expect(shown.body.data.post_id).toBe(specialId);
    expect(shown.body.data.expired_at).toBe(link.expired_at);
    expect(shown.body.data.groups.length).toBeGreaterThan(0);
    expect(shown.body.data.groups[0].content_list.length).toBeGreaterThan(0);
    const raw = await fetch(
      `${server.base}/inner/preview/special/${specialId}?token=${link.token}&actor=${link.actor}`,
      { headers: { authorization: token } },
    );
    expect(raw.headers.get("cache-control")).toBe("private, no-store");
    await raw.text();
    // a draft revision of the special
    const drafted = (
      await mint({ editor: "erin", draft: { title: "【草稿】老城更新专题", summary: "草稿导语" } }, specialId)
    ).body.data;
    const draft = await openSpecial(drafted);
    expect(draft.body.data).toMatchObject({ title: "【草稿】老城更新专题", summary: "草稿导语" });
    expect((await openSpecial(link)).status).toBe(403);
    // an article's token does not open the special; an article through the special call is 404
    const article = (await mint({ editor: "erin" })).body.data;
    expect((await openSpecial(article)).status).toBe(403);
    expect((await openSpecial(article, postId)).status).toBe(404);
    expect((await openSpecial({ token: "x.y", actor: "preview-erin" })).status).toBe(403);
    expect((await openSpecial({ token: "bad", actor: "preview-erin" })).status).toBe(400);
  });

  it("R-PREVIEW-1 concurrent revocations each get their own revision (one statement each)", async () => {
    const start = (await server.post(`/editor/v1/preview/${postId}/revoke`, undefined, null, key)).body.data.revision;
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => server.post(`/editor/v1/preview/${postId}/revoke`, undefined, null, key)),
    );
    const revisions = answers.map((a) => a.body.data.revision).sort((a, b) => a - b);
    expect(revisions).toEqual(Array.from({ length: 12 }, (_, i) => start + i + 1));
  });

  it("R-PREVIEW-1 bad input: no key 401, bad editor, minutes or draft 400, unknown item 404, missing or malformed token 400", async () => {
    expect((await server.post(`/editor/v1/preview/${postId}`, { editor: "alice" })).status).toBe(401);
    expect((await server.post(`/editor/v1/preview/${postId}/revoke`, undefined)).status).toBe(401);
    for (const body of [
      {},
      { editor: "" },
      { editor: "a/b" },
      { editor: "x".repeat(33) },
      { editor: "alice", minutes: 0 },
      { editor: "alice", minutes: 24 * 60 + 1 },
      { editor: "alice", minutes: "soon" },
      { editor: "alice", draft: { title: "" } },
      { editor: "alice", draft: { body_html: { html: "<p>" } } },
      { editor: "alice", draft: "标题" },
    ]) {
      const answer = await mint(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await mint({ editor: "alice" }, "zzzzzzzz")).status).toBe(404);
    expect((await mint({ editor: "alice" }, "99999999")).status).toBe(404);
    expect((await mint({ editor: "alice" }, "bad id!")).status).toBe(400);
    expect((await detail("actor=preview-alice")).status).toBe(400);
    expect((await detail("token=abc&actor=preview-alice")).status).toBe(400);
    expect((await detail("token=a.b&actor=someone")).status).toBe(400);
    // without a valid grant an unknown id is refused as any other id is (the id is not looked up)
    expect((await detail("token=a.b&actor=preview-alice", "zzzzzzzz")).status).toBe(403);
    expect((await detail(`token=${"a".repeat(600)}.b&actor=preview-alice`)).status).toBe(400);
    const noToken = await server.get(`/inner/preview/document/detail/${postId}?token=a.b&actor=preview-alice`, null);
    expect(noToken.status).toBe(401);
  });
});
