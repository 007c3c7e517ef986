import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const outcome = { step: "scheme", outcome: "tried", platform: "android", in_wechat: false };

describe("deferred deep links", () => {
  let server: TestServer;
  let token: string;
  let postId: string;
  beforeAll(async () => {
    server = await startTestServer({ PUBLIC_ORIGIN: "https://share.example.com" });
    token = await server.anonymousToken();
    postId = await server.demoPostId();
  });
  afterAll(() => server.close());

  const mint = async () => {
    const answer = await server.post("/peony/v1/deferred-link", { post_id: postId }, token);
    expect(answer.status).toBe(200);
    return answer.body.data as { code: string; expires_at: string };
  };

  it("R-SHARE-4 a page mints a short code for its item that expires after 7 days", async () => {
    const minted = await mint();
    expect(minted.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    const days = (Date.parse(minted.expires_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
  });

  it("R-SHARE-4 the app resolves a code once and gets the item's deep link; again it is gone", async () => {
    const { code } = await mint();
    const first = await server.post("/peony/v1/deferred-link/resolve", { code: code.toLowerCase() }, token);
    expect(first.status).toBe(200);
    expect(first.body.data.post_id).toBe(postId);
    expect(first.body.data.share_link).toMatch(
      /^https:\/\/share\.example\.com\/davmu\/share\/(news|mp)\/doc\/\d{4}\/\d{2}\/[A-Za-z0-9]+\/index\.html$/,
    );
    expect(first.body.data.deep_link).toBe(`jianglan://open?url=${encodeURIComponent(first.body.data.share_link)}`);
    const again = await server.post("/peony/v1/deferred-link/resolve", { code }, token);
    expect(again.status).toBe(404);
    expect(again.body.msg).toBe("口令不存在、已使用或已过期");
  });

  it("R-SHARE-4 of 20 concurrent resolutions of one code exactly one gets the item", async () => {
    const { code } = await mint();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => server.post("/peony/v1/deferred-link/resolve", { code }, token)),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 404)).toHaveLength(19);
  });

  it("R-SHARE-4 an expired code does not resolve, and nothing about the visitor is stored", async () => {
    const { code } = await mint();
    const db = server.database.handle.db.withTables<{
      deferred_links: { code: string; expires_at: number };
    }>();
    await db
      .updateTable("deferred_links")
      .set({ expires_at: Date.now() - 1 })
      .where("code", "=", code)
      .execute();
    const expired = await server.post("/peony/v1/deferred-link/resolve", { code }, token);
    expect(expired.status).toBe(404);
    const row = await db.selectFrom("deferred_links").selectAll().executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(["code", "content_id", "created_at", "expires_at", "resolved_at"]);
    // expired codes are swept away (hourly in the running server)
    expect(await server.app.openApp.sweep()).toBeGreaterThanOrEqual(1);
    const left = await db.selectFrom("deferred_links").select("code").where("code", "=", code).execute();
    expect(left).toEqual([]);
  });

  it("R-SRV-4 bad deferred-link calls get a clear 4xx", async () => {
    const cases: [string, () => Promise<{ status: number; body: any }>, number][] = [
      ["no token", () => server.post("/peony/v1/deferred-link", { post_id: postId }), 401],
      ["no post id", () => server.post("/peony/v1/deferred-link", {}, token), 400],
      ["an unknown item", () => server.post("/peony/v1/deferred-link", { post_id: "zzzzzzzzzz" }, token), 404],
      ["no code", () => server.post("/peony/v1/deferred-link/resolve", {}, token), 400],
      ["a long code", () => server.post("/peony/v1/deferred-link/resolve", { code: "A".repeat(40) }, token), 400],
      ["an unknown code", () => server.post("/peony/v1/deferred-link/resolve", { code: "ZZZZZZZZ" }, token), 404],
      ["not JSON", () => server.post("/peony/v1/deferred-link/resolve", "{code:", token), 400],
    ];
    for (const [what, call, status] of cases) {
      const answer = await call();
      expect(answer.status, what).toBe(status);
      expect(answer.body.code, what).not.toBe(0);
      expect(answer.body.msg, what).not.toBe("");
    }
  });
});

describe("deferred deep links under guessing", () => {
  it("R-SHARE-4 one address guessing codes is stopped with 429 after 30 tries a minute", async () => {
    const server = await startTestServer();
    try {
      const token = await server.anonymousToken();
      const statuses: number[] = [];
      for (let i = 0; i < 32; i++) {
        statuses.push((await server.post("/peony/v1/deferred-link/resolve", { code: "ZZZZZZZZ" }, token)).status);
      }
      expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
      expect(statuses.slice(30)).toEqual([429, 429]);
    } finally {
      await server.close();
    }
  });
});

describe("open-app outcomes", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it("R-SHARE-3 each step's outcome is counted per day, atomically under concurrent reports", async () => {
    const reports = await Promise.all(
      Array.from({ length: 50 }, () => server.post("/inner/open-app/outcome", outcome)),
    );
    expect(reports.every((r) => r.status === 200)).toBe(true);
    await server.post("/inner/open-app/outcome", {
      ...outcome,
      step: "wechat_tag",
      outcome: "failed",
      in_wechat: true,
    });
    const analyst = await editorSession(server, "analyst");
    const counts = await server.get("/editor/v1/open-app/outcomes", null, analyst.headers);
    expect(counts.status).toBe(200);
    const day = new Date().toISOString().slice(0, 10);
    expect(counts.body.data.list).toEqual([
      { day, step: "scheme", outcome: "tried", platform: "android", in_wechat: false, count: 50 },
      { day, step: "wechat_tag", outcome: "failed", platform: "android", in_wechat: true, count: 1 },
    ]);
  });

  it("R-SRV-4 bad outcome reports get a clear 4xx; the counts need the editors' key", async () => {
    for (const body of [{}, { ...outcome, step: "teleport" }, { ...outcome, outcome: "maybe" }]) {
      const answer = await server.post("/inner/open-app/outcome", body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await server.get("/editor/v1/open-app/outcomes")).status).toBe(401);
  });
});
