import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testDialect } from "./helper.ts";

describe.skipIf(testDialect !== "postgres")("a content answer's miss as a named statement", () => {
  let server: TestServer;
  let token: string;
  let ids: string[];

  beforeAll(async () => {
    // one connection: every request runs on the connection whose prepared statements are looked at
    server = await startTestServer({ PG_POOL_MAX: "1" });
    await server.seedDemo();
    token = await server.anonymousToken();
    const list = await server.get("/peony/v1/content?pageindex=1&pagesize=20", token);
    ids = list.body.data.list.map((item: { post_id: string }) => item.post_id);
    expect(ids.length).toBeGreaterThan(3);
  });
  afterAll(async () => {
    await server?.close();
  });

  it("R-SRV-1 is prepared once on the connection that runs it, under its name, with every column named", async () => {
    // an uncached answer: a session of its own, an item not asked for yet
    const fresh = await server.anonymousToken();
    expect((await server.get(`/inner/static/content/${ids[0]}`, fresh)).status).toBe(200);
    // the pool's one connection: the one that ran it
    expect(server.app.database.poolStats()?.total).toBe(1);
    const { rows } = await sql<{ name: string; statement: string }>`
      select name, statement from pg_prepared_statements`.execute(server.app.database.db);
    const named = rows.filter((row) => row.name.startsWith("davmu_"));
    expect(named).toHaveLength(1);
    const statement = named[0]?.statement ?? "";
    expect(statement).toContain("json_agg");
    expect(statement).not.toMatch(/"item"\.\*|select \*/);
  });

  it("R-SRV-1 R-SRV-2 keeps answering after a migration adds a column to contents and after one drops it, as a rolling release does", async () => {
    const db = server.app.database.db;
    const fresh = await server.anonymousToken();
    expect((await server.get(`/inner/static/content/${ids[1]}`, fresh)).status).toBe(200);
    await sql`alter table contents add column rolling_release_note text not null default ''`.execute(db);
    try {
      const answer = await server.get(`/inner/static/content/${ids[2]}`, await server.anonymousToken());
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.data.post_id).toBe(ids[2]);
    } finally {
      await sql`alter table contents drop column rolling_release_note`.execute(db);
    }
    const answer = await server.get(`/inner/static/content/${ids[3]}`, await server.anonymousToken());
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data.post_id).toBe(ids[3]);
  });
});
