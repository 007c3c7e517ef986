import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../plugins/config.ts";
import type { Database } from "./schema.ts";

export type Dialect = DatabaseConfig["dialect"];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Answers when the database can run a query. */
  ping(): Promise<void>;
  destroy(): Promise<void>;
}

const INT8_OID = 20;

/**
 * Kysely prepares every query it runs; preparing costs more than running a small query on SQLite.
 * Statements are kept by their SQL (at most 500) and reused unless one is still iterating.
 */
function reusePreparedStatements(sqlite: SQLite.Database) {
  const prepare = sqlite.prepare.bind(sqlite);
  const statements = new Map<string, SQLite.Statement>();
  sqlite.prepare = ((source: string) => {
    const kept = statements.get(source);
    if (kept && !kept.busy) return kept;
    const statement = prepare(source);
    if (!kept) {
      if (statements.size >= 500) statements.clear();
      statements.set(source, statement);
    }
    return statement;
  }) as typeof sqlite.prepare;
}

export function openDatabase(config: DatabaseConfig): DatabaseHandle {
  let db: Kysely<Database>;
  if (config.dialect === "sqlite") {
    if (config.path !== ":memory:") mkdirSync(dirname(config.path), { recursive: true });
    const sqlite = new SQLite(config.path);
    sqlite.pragma("journal_mode = WAL");
    sqlite.pragma("busy_timeout = 5000");
    sqlite.pragma("foreign_keys = ON");
    sqlite.pragma("synchronous = NORMAL");
    reusePreparedStatements(sqlite);
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  } else {
    const pool = new pg.Pool({
      connectionString: config.url,
      max: config.poolMax,
      connectionTimeoutMillis: config.connectTimeoutMs,
      // epoch-millisecond columns are bigint: read them as numbers (safe below 2^53)
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === INT8_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
      },
    });
    // an idle connection the server drops (restart, failover) must not crash the process
    pool.on("error", (error) =>
      console.error(JSON.stringify({ level: 50, msg: "idle database connection lost", err: error.message })),
    );
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return {
    db,
    dialect: config.dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    destroy: () => db.destroy(),
  };
}
