import { readdirSync, readlinkSync } from "node:fs";
import { sql } from "kysely";
import pg from "pg";
import { afterEach, describe, expect, inject, it } from "vitest";
import { buildApp } from "../src/app.ts";
import { loadConfig } from "../src/plugins/config.ts";
import { createTestDatabase, type TestDatabase, testDialect } from "./helper.ts";

/** The files this process holds open (Linux), as paths. */
const openFiles = () =>
  readdirSync("/proc/self/fd").flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return []; // closed while listed
    }
  });

/** Connections to a PostgreSQL database, from the admin connection. */
async function connectionsTo(name: string): Promise<number> {
  const client = new pg.Client({ connectionString: inject("postgresAdminUrl") });
  await client.connect();
  try {
    const { rows } = await client.query("select count(*)::int as n from pg_stat_activity where datname = $1", [name]);
    return rows[0].n as number;
  } finally {
    await client.end();
  }
}

describe("a start that fails on the database", () => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  it("R-SRV-2 a schema the migrations refuse fails the start with the migration's error, and the database it opened is closed again", async () => {
    database = await createTestDatabase();
    // a table in the way of the first migration, as a database shared with another product would have
    await sql`create table contents (id integer primary key, foreign_column text)`.execute(database.handle.db);
    const config = loadConfig({ NODE_ENV: "test", SERVE_WEB: "false", DATABASE_URL: database.url, PG_POOL_MAX: "2" });
    const path = new URL(database.url).pathname;
    // SQLite keeps a file's descriptor open while another connection of the process holds it, so the
    // test's own connection is closed first (dropping the database closes it again, a no-op)
    if (testDialect === "sqlite") await database.handle.destroy();

    await expect(buildApp(config, { logger: false })).rejects.toThrow(/001-initial failed: .*contents/);

    if (testDialect === "sqlite") {
      expect(openFiles().filter((file) => file.startsWith(path))).toEqual([]);
    } else {
      // the test's own pool holds at most its one connection; the app's pool has left
      await expect.poll(() => connectionsTo(path.slice(1)), { timeout: 5000 }).toBeLessThanOrEqual(1);
    }
  });
});
