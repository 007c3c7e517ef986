import { readdirSync, readlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

  /** Whatever of the database this process holds beyond `baseline` (SQLite: open files; PostgreSQL: connections). */
  async function heldBeyond(path: string, baseline: number): Promise<number> {
    if (testDialect === "sqlite") return openFiles().filter((file) => file.startsWith(path)).length - baseline;
    return (await connectionsTo(path.slice(1))) - baseline;
  }

  /** Starts the app on `database` with `env` and expects the start to fail with `error`, then nothing of its database held. */
  async function expectFailedStartReleases(target: TestDatabase, env: Record<string, string>, error: RegExp) {
    const config = loadConfig({ NODE_ENV: "test", SERVE_WEB: "false", DATABASE_URL: target.url, ...env });
    const path = new URL(target.url).pathname;
    // SQLite keeps a file's descriptor open while another connection of the process holds it, so the
    // test's own connection is closed first (dropping the database closes it again, a no-op)
    if (testDialect === "sqlite") await target.handle.destroy();
    const baseline = await heldBeyond(path, 0);
    await expect(buildApp(config, { logger: false })).rejects.toThrow(error);
    await expect.poll(() => heldBeyond(path, baseline), { timeout: 5000 }).toBe(0);
  }

  it("R-SRV-2 a schema the migrations refuse fails the start with the migration's error, and the database it opened is closed again", async () => {
    database = await createTestDatabase();
    // a table in the way of the first migration, as a database shared with another product would have
    await sql`create table contents (id integer primary key, foreign_column text)`.execute(database.handle.db);
    await expectFailedStartReleases(database, { PG_POOL_MAX: "2" }, /001-initial failed: .*contents/);
  });

  it("R-SRV-2 a start that fails after the schema is up to date (the site's build missing) closes the database it opened", async () => {
    database = await createTestDatabase();
    const missing = join(tmpdir(), `davmu-no-build-${process.pid}`);
    await expectFailedStartReleases(
      database,
      { SERVE_WEB: "true", WEB_BUILD_DIR: missing, PG_POOL_MAX: "2" },
      /share site is not built/,
    );
  });
});
