import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect, sql } from "kysely";
import pg from "pg";
import type { DatabaseConfig } from "../plugins/config.ts";
import { statementName } from "./named-statements.ts";
import type { Database } from "./schema.ts";

export type Dialect = DatabaseConfig["dialect"];

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: Dialect;
  /** Answers when the database can run a query. */
  ping(): Promise<void>;
  /** PostgreSQL: the pool's connections (all, idle) and the queries waiting for one; null on SQLite. */
  poolStats(): { total: number; idle: number; waiting: number } | null;
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

export interface OpenOptions {
  /**
   * PostgreSQL: the server cancels a statement running longer (lock waits included), and the client
   * gives up a second later when the server does not answer at all (frozen, or the network gone).
   * Unset for command-line tools, whose statements may be long.
   */
  statementTimeoutMs?: number;
}

const faulty = Symbol("faulty connection");
const inUse = Symbol("connection in use");
type PooledClient = pg.PoolClient & { [faulty]?: boolean; [inUse]?: boolean };

/**
 * The pool discards a connection after a fault on it (a read timeout, a reset) instead of handing it
 * to the next query: a client that timed out may still be waiting for its answer.
 */
function discardFaultyConnections(pool: pg.Pool, onLost: (error: Error) => void): void {
  pool.on("connect", (client: PooledClient) => {
    // pg-pool listens for a connection's errors only while it is idle: one lost while a query holds
    // it (a crash, an immediate restart, a reset socket) would be an unhandled 'error' event and
    // end the process (R-REL-3). Its query fails on its own; the connection is dropped on release.
    client.on("error", (error) => {
      client[faulty] = true;
      // an idle one is the pool's to drop and report
      if (client[inUse]) onLost(error);
    });
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    client.query = ((...args: unknown[]) => {
      // a named hot read is prepared once per connection (named-statements.ts)
      const name = typeof args[0] === "string" && Array.isArray(args[1]) ? statementName(args[0]) : undefined;
      const result = name === undefined ? query(...args) : query({ name, text: args[0], values: args[1] });
      if (!(result instanceof Promise)) return result;
      return result.catch((error: unknown) => {
        if (isConnectionFault(error)) client[faulty] = true;
        throw error;
      });
    }) as typeof client.query;
  });
  const connect = pool.connect.bind(pool) as () => Promise<PooledClient>;
  pool.connect = (async () => {
    const client = await connect();
    // pg-pool gives the client a new release function at each checkout
    const release = client.release;
    client[inUse] = true;
    client.release = (destroy?: boolean | Error) => {
      client[inUse] = false;
      return release(destroy || client[faulty] ? true : undefined);
    };
    return client;
  }) as typeof pool.connect;
}

const networkErrors = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/** Errors of the connection itself (the server gone, frozen or restarting), as opposed to a query's. */
function isConnectionFault(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  // 08xxx connection exceptions; 57P01-03 the server shutting down, crashed or starting
  if (typeof code === "string" && (/^08/.test(code) || /^57P0[123]$/.test(code) || networkErrors.has(code))) {
    return true;
  }
  return (
    typeof message === "string" &&
    /Query read timeout|Connection terminated|connection error|not currently accepting connections/i.test(message)
  );
}

/**
 * Whether an error means the database cannot serve now (R-REL-1): unreachable, restarting, frozen,
 * out of connections, a statement over its timeout, a pool with no free connection in time, or
 * SQLite's file locked. The API answers these 503 with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  if (isConnectionFault(error)) return true;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === "string") {
    // 53xxx insufficient resources, 57014 statement timeout / cancelled, 55P03 lock not available
    if (/^53/.test(code) || code === "57014" || code === "55P03") return true;
    if (code === "SQLITE_BUSY" || code === "SQLITE_LOCKED") return true;
  }
  return typeof message === "string" && /timeout exceeded when trying to connect|Connection terminated/i.test(message);
}

export function openDatabase(config: DatabaseConfig, options: OpenOptions = {}): DatabaseHandle {
  let db: Kysely<Database>;
  let poolStats: DatabaseHandle["poolStats"] = () => null;
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
      // also the longest wait for a free connection of the pool
      connectionTimeoutMillis: config.connectTimeoutMs,
      ...(options.statementTimeoutMs
        ? {
            statement_timeout: options.statementTimeoutMs,
            query_timeout: options.statementTimeoutMs + 1000,
            idle_in_transaction_session_timeout: Math.max(options.statementTimeoutMs * 2, 10_000),
          }
        : {}),
      // epoch-millisecond columns are bigint: read them as numbers (safe below 2^53)
      types: {
        getTypeParser: ((oid: number, format?: "text" | "binary") =>
          oid === INT8_OID
            ? (value: string) => Number(value)
            : pg.types.getTypeParser(oid, format as "text")) as typeof pg.types.getTypeParser,
      },
    });
    const lost = (state: "idle" | "in use") => (error: Error) =>
      console.error(JSON.stringify({ level: 50, msg: `${state} database connection lost`, err: error.message }));
    // an idle connection the server drops (restart, failover) must not crash the process
    pool.on("error", lost("idle"));
    discardFaultyConnections(pool, lost("in use"));
    poolStats = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  return {
    db,
    dialect: config.dialect,
    async ping() {
      await sql`select 1`.execute(db);
    },
    poolStats,
    destroy: () => db.destroy(),
  };
}
