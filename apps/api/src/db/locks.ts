import { createHash } from "node:crypto";
import { type Kysely, PostgresAdapter, sql, type Transaction } from "kysely";
import type { Database } from "./schema.ts";

/** A 64-bit advisory lock id for a key (the first 8 bytes of its SHA-256, signed as PostgreSQL's bigint). */
export function lockId(key: string): bigint {
  return createHash("sha256").update(key).digest().readBigInt64BE(0);
}

/**
 * Runs `work` in one transaction that holds a lock on each key, so that counting rows and recording
 * one more happen as one step for every request naming a key (R-SEC-OTP-2, R-SEC-RATE): a limit or
 * a uniqueness rule then holds under concurrent requests, on every instance sharing the database.
 *
 * PostgreSQL: transaction-scoped advisory locks, taken in one order (by id) so that two requests
 * sharing keys never wait on each other in a cycle; they are released at commit or rollback, and a
 * wait counts towards the statement timeout. SQLite: the database's one connection runs one
 * transaction at a time, which is the lock.
 */
export async function withKeyLocks<T>(
  db: Kysely<Database>,
  keys: readonly string[],
  work: (tx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  return db.transaction().execute(async (tx) => {
    if (postgres) {
      const ids = [...new Set(keys.map(lockId))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const id of ids) await sql`select pg_advisory_xact_lock(${String(id)}::bigint)`.execute(tx);
    }
    return work(tx);
  });
}
