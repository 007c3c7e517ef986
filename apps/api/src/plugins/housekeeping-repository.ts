import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";

/** Rows removed per statement, so a purge never holds a table for long. */
const batchSize = 5000;

/** The short-lived tables the housekeeping purges. */
type Purgeable = "sessions" | "otp_codes" | "password_guards";

/**
 * Deletes the rows of `table` that `where` selects, `batchSize` at a time, until fewer than a batch
 * are left; answers how many went.
 */
async function deleteInBatches<T extends Purgeable>(
  db: Kysely<Database>,
  table: T,
  // biome-ignore lint/suspicious/noExplicitAny: the filter is written against the one table it purges
  where: (eb: any) => any,
): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = db
      .selectFrom(table as Purgeable)
      .select("id")
      .where(where)
      .limit(batchSize);
    const result = await db
      .deleteFrom(table as Purgeable)
      .where("id", "in", ids)
      .executeTakeFirst();
    const removed = Number(result.numDeletedRows);
    total += removed;
    if (removed < batchSize) return total;
  }
}

/** Deletes sessions past their expiry or revoked by `now`; answers how many went. */
export const purgeSessions = (db: Kysely<Database>, now: number) =>
  deleteInBatches(db, "sessions", (eb) => eb.or([eb("expires_at", "<=", now), eb("revoked_at", "<=", now)]));

/** Deletes SMS codes created at or before `before`; answers how many went. */
export const purgeOtpCodes = (db: Kysely<Database>, before: number) =>
  deleteInBatches(db, "otp_codes", (eb) => eb("created_at", "<=", before));

/**
 * Deletes the wrong-password counts (a phone's, an unknown editor email's) last tried at or before
 * `before` whose lock has ended by `now`; answers how many went.
 */
export const purgePasswordGuards = (db: Kysely<Database>, before: number, now: number) =>
  deleteInBatches(db, "password_guards", (eb) =>
    eb.and([eb("touched_at", "<=", before), eb("locked_until", "<=", now)]),
  );
