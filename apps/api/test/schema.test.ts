import { demoLiveItems } from "@davmu/demo/areas/live";
import { demoNavigationItems } from "@davmu/demo/demo-app";
import { demoTypeItems } from "@davmu/demo/demo-types";
import { seedDemoData } from "@davmu/demo/seed";
import { sql } from "kysely";
import { NO_MIGRATIONS } from "kysely/migration";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMigrator, migrateToLatest, migrations } from "../src/db/migrate.ts";
import { servedArticleBody } from "../src/lib/sanitize-html.ts";
import { createTestDatabase, type TestDatabase, testDialect } from "./helper.ts";

describe("migrations and demo data", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.drop());

  it("R-SRV-2 migrations create the schema on an empty database and a rerun changes nothing", async () => {
    expect(await migrateToLatest(database.handle.db)).toEqual(Object.keys(migrations));
    expect(await migrateToLatest(database.handle.db)).toEqual([]);
    const tables = await database.handle.db.introspection.getTables();
    const names = tables.map((t) => t.name);
    for (const table of [
      "settings",
      "nav_items",
      "media_accounts",
      "contents",
      "content_relations",
      "users",
      "sessions",
      "otp_codes",
      "comments",
      "comment_reports",
      "collections",
      "stars",
      "follows",
    ]) {
      expect(names).toContain(table);
    }
  });

  it("R-SRV-2 the demo data loads, and loading it again keeps one copy of each row", async () => {
    const first = await seedDemoData(database.handle.db);
    expect(first.articles).toBeGreaterThanOrEqual(10);
    await seedDemoData(database.handle.db);
    const count = async (
      table: "contents" | "media_accounts" | "content_relations" | "content_members" | "nav_items",
    ) =>
      Number(
        (
          await database.handle.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    // and the demo form's item (R-FORM-1)
    expect(await count("contents")).toBe(first.articles + first.otherItems + 1 + demoLiveItems(0).length);
    expect(await count("media_accounts")).toBe(first.mediaAccounts);
    const otherRelations = demoTypeItems().reduce((n, item) => n + (item.relations?.length ?? 0), 0);
    expect(await count("content_relations")).toBe(first.articles * 3 + otherRelations);
    const members = demoTypeItems().reduce(
      (n, item) => n + (item.tracks?.length ?? 0) + (item.groups ?? []).reduce((m, g) => m + g.items.length, 0),
      0,
    );
    expect(await count("content_members")).toBe(members);
    expect(await count("nav_items")).toBe(demoNavigationItems.length);
  }, 60_000);

  it("R-SRV-2 the schema migrates all the way down and up again", async () => {
    const migrator = createMigrator(database.handle.db);
    const down = await migrator.migrateTo(NO_MIGRATIONS);
    expect(down.error).toBeUndefined();
    const tables = await database.handle.db.introspection.getTables();
    expect(tables.map((t) => t.name)).not.toContain("contents");
    expect(await migrateToLatest(database.handle.db)).toEqual(Object.keys(migrations));
    await sql`select count(*) from contents`.execute(database.handle.db);
  });

  it("R-SRV-2 R-TRACK-5 migration 019 keeps each tracking event, its items in one row, and back", async () => {
    const migrator = createMigrator(database.handle.db);
    expect((await migrator.migrateTo("018-clue-report-comments")).error).toBeUndefined();
    const db = database.handle.db;
    const row = (event: string, content: number) =>
      sql`insert into tracking_events (event_id, content_id, behavior, at, hour, visit, duration, percent, page_type,
          series, outcome, device_type, device_os, user_id, received_at)
        values (${event}, ${content}, 'expose', 1000, 0, 'v', null, null, null, null, null, 'IOS', 'iOS 17', 'd', 1000)`.execute(
        db,
      );
    await row("e-two-items", 8);
    await row("e-two-items", 3);
    await row("e-one-item", 5);
    expect((await migrator.migrateTo("019-tracking-event-rows")).error).toBeUndefined();
    const after = await sql<{ event_id: string; content_ids: string }>`
      select event_id, content_ids from tracking_events order by event_id`.execute(db);
    expect(after.rows.map((r) => [r.event_id, JSON.parse(r.content_ids)])).toEqual([
      ["e-one-item", [5]],
      ["e-two-items", [3, 8]],
    ]);
    expect((await migrator.migrateTo("018-clue-report-comments")).error).toBeUndefined();
    const back = await sql<{ event_id: string; content_id: number }>`
      select event_id, content_id from tracking_events order by event_id, content_id`.execute(db);
    expect(back.rows.map((r) => [r.event_id, Number(r.content_id)])).toEqual([
      ["e-one-item", 5],
      ["e-two-items", 3],
      ["e-two-items", 8],
    ]);
    await sql`delete from tracking_events`.execute(db);
    const names = Object.keys(migrations);
    expect(await migrateToLatest(db)).toEqual(names.slice(names.indexOf("019-tracking-event-rows")));
  });

  it("R-SRV-2 R-ENT-CONTENT migration 025 marks every body stored before it uncleaned, so it is cleaned as it is read; and back", async () => {
    const migrator = createMigrator(database.handle.db);
    expect((await migrator.migrateTo("024-preview-links")).error).toBeUndefined();
    const db = database.handle.db;
    await sql`insert into contents (external_id, content_type, title, summary, source_alias, body_html, cover_url,
        publish_at, view_count, like_count, collect_count, duration_str, pic_num, payload_json, state,
        comment_available, enable_comment, created_at, updated_at)
      values ('m025', 'article', '迁移前的稿件', '', '', '<p onclick="x()">正文</p>', '', 1000, 0, 0, 0, '', 0, '{}', 0,
        1, 1, 1000, 1000)`.execute(db);
    expect((await migrator.migrateTo("025-article-bodies-cleaned")).error).toBeUndefined();
    const stored = await db
      .selectFrom("contents")
      .select(["body_html", "body_clean_version"])
      .where("external_id", "=", "m025")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ body_html: '<p onclick="x()">正文</p>', body_clean_version: 0 });
    expect((await migrator.migrateTo("024-preview-links")).error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((t) => t.name === "contents")?.columns ?? [];
    expect(columns.map((c) => c.name)).not.toContain("body_clean_version");
    await sql`delete from contents where external_id = 'm025'`.execute(db);
    const names = Object.keys(migrations);
    expect(await migrateToLatest(db)).toEqual(names.slice(names.indexOf("025-article-bodies-cleaned")));
  });

  it("R-SRV-2 R-ENT-CONTENT migration 026 leaves every body stored before it unsealed, so it is cleaned as it is read; and back", async () => {
    const migrator = createMigrator(database.handle.db);
    expect((await migrator.migrateTo("025-article-bodies-cleaned")).error).toBeUndefined();
    const db = database.handle.db;
    // a row decision 090 marked cleaned, whose body was then changed by hand
    await sql`insert into contents (external_id, content_type, title, summary, source_alias, body_html, body_clean_version,
        cover_url, publish_at, view_count, like_count, collect_count, duration_str, pic_num, payload_json, state,
        comment_available, enable_comment, created_at, updated_at)
      values ('m026', 'article', '迁移前的稿件', '', '', '<p onclick="x()">正文</p>', 1, '', 1000, 0, 0, 0, '', 0, '{}', 0,
        1, 1, 1000, 1000)`.execute(db);
    expect((await migrator.migrateTo("026-article-bodies-sealed")).error).toBeUndefined();
    const stored = await db
      .selectFrom("contents")
      .select(["body_html", "body_clean_version", "body_clean_seal"])
      .where("external_id", "=", "m026")
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ body_html: '<p onclick="x()">正文</p>', body_clean_version: 1, body_clean_seal: "" });
    expect(servedArticleBody(stored.body_html, stored.body_clean_seal)).toBe("<p>正文</p>");
    expect((await migrator.migrateTo("025-article-bodies-cleaned")).error).toBeUndefined();
    const columns = (await db.introspection.getTables()).find((t) => t.name === "contents")?.columns ?? [];
    expect(columns.map((c) => c.name)).toContain("body_clean_version");
    expect(columns.map((c) => c.name)).not.toContain("body_clean_seal");
    await sql`delete from contents where external_id = 'm026'`.execute(db);
    const names = Object.keys(migrations);
    expect(await migrateToLatest(db)).toEqual(names.slice(names.indexOf("026-article-bodies-sealed")));
  });

  it("R-SRV-2 R-SEC-RATE migration 029 keeps each account's wrong-password count and lock, per phone; and back", async () => {
    const migrator = createMigrator(database.handle.db);
    expect((await migrator.migrateTo("028-editor-one-time-passwords")).error).toBeUndefined();
    const db = database.handle.db;
    const until = Date.now() + 300_000;
    await sql`insert into users (phone, alias, avatar, created_at, password_hash, password_failures, password_locked_until)
      values ('13700000291', 'm029a', '', 1000, 'scrypt$x', 8, ${until}),
             ('13700000292', 'm029b', '', 1000, 'scrypt$x', 0, 0)`.execute(db);
    expect((await migrator.migrateTo("029-password-guards")).error).toBeUndefined();
    const guards = await db
      .selectFrom("password_guards")
      .select(["subject", "failures", "locked_until"])
      .where("subject", "in", ["13700000291", "13700000292"])
      .execute();
    expect(guards.map((g) => ({ ...g, locked_until: Number(g.locked_until) }))).toEqual([
      { subject: "13700000291", failures: 8, locked_until: until },
    ]);
    expect((await migrator.migrateTo("028-editor-one-time-passwords")).error).toBeUndefined();
    const back = await sql<{ phone: string; password_failures: number; password_locked_until: number }>`
      select phone, password_failures, password_locked_until from users where alias in ('m029a', 'm029b') order by phone`.execute(
      db,
    );
    expect(back.rows.map((r) => [r.phone, Number(r.password_failures), Number(r.password_locked_until)])).toEqual([
      ["13700000291", 8, until],
      ["13700000292", 0, 0],
    ]);
    await sql`delete from users where alias in ('m029a', 'm029b')`.execute(db);
    const names = Object.keys(migrations);
    expect(await migrateToLatest(db)).toEqual(names.slice(names.indexOf("029-password-guards")));
  });

  it("R-SRV-2 R-CONSOLE-1 migration 030 gives a one-time password handed over before it 72 hours, none to an owner's own; and back", async () => {
    const migrator = createMigrator(database.handle.db);
    expect((await migrator.migrateTo("029-password-guards")).error).toBeUndefined();
    const db = database.handle.db;
    await sql`insert into editors (email, name, role, password_hash, password_one_time, created_at, updated_at)
      values ('m030-handed@newsroom.test', 'm030', 'editor', 'scrypt$x', 1, 1000, 1000),
             ('m030-own@newsroom.test', 'm030', 'editor', 'scrypt$x', 0, 1000, 1000)`.execute(db);
    const before = Date.now();
    expect((await migrator.migrateTo("030-editor-password-expiry")).error).toBeUndefined();
    const rows = await sql<{ email: string; password_expires_at: number }>`
      select email, password_expires_at from editors where name = 'm030' order by email`.execute(db);
    const [handed, own] = rows.rows.map((r) => Number(r.password_expires_at));
    expect(handed).toBeGreaterThanOrEqual(before + 72 * 3600_000);
    expect(handed).toBeLessThanOrEqual(Date.now() + 72 * 3600_000);
    expect(own).toBe(0);
    expect((await migrator.migrateTo("029-password-guards")).error).toBeUndefined();
    await sql`delete from editors where name = 'm030'`.execute(db);
    const names = Object.keys(migrations);
    expect(await migrateToLatest(db)).toEqual(names.slice(names.indexOf("030-editor-password-expiry")));
  });

  it.runIf(testDialect === "sqlite")(
    "R-SRV-1 the SQLite file runs in WAL mode with a busy timeout and foreign keys",
    async () => {
      const mode = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(database.handle.db);
      expect(mode.rows[0]?.journal_mode).toBe("wal");
      const timeout = await sql<{ timeout: number }>`pragma busy_timeout`.execute(database.handle.db);
      expect(timeout.rows[0]?.timeout).toBe(5000);
      const keys = await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(database.handle.db);
      expect(keys.rows[0]?.foreign_keys).toBe(1);
    },
  );
});
