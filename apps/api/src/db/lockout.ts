import { type Kysely, type RawBuilder, sql } from "kysely";
import { lockout } from "../lib/lockout.ts";
import type { Database } from "./schema.ts";

/**
 * The lock a failure leaves, decided in the UPDATE that counts it (never read, then write): parallel
 * wrong passwords each add one, and the lock follows from the count the same statement made.
 * `count` and `lockedUntil` name the row's columns.
 */
export function lockAfterFailure(count: string, lockedUntil: string, now: number): RawBuilder<number> {
  const failures = sql`${sql.ref(count)} + 1`;
  return sql<number>`case
    when ${failures} >= 10 then cast(${now} as bigint) + ${lockout.lockMs(10)}
    when ${failures} >= 8 then cast(${now} as bigint) + ${lockout.lockMs(8)}
    when ${failures} >= ${lockout.threshold} then cast(${now} as bigint) + ${lockout.lockMs(lockout.threshold)}
    else ${sql.ref(lockedUntil)} end`;
}

/**
 * Wrong passwords counted per name tried (`password_guards`): a visitor's phone, `editor:` and an
 * editor's email. Counted whether or not an account has that name, so a lock tells nothing about which
 * do (ASVS 6.3.8).
 */
export function passwordGuards(db: Kysely<Database>) {
  return {
    /**
     * Takes a try before the password is checked: counted as a failure in one INSERT … ON CONFLICT DO
     * UPDATE … RETURNING that only a subject not locked passes, so parallel tries cannot all be checked
     * before the lock, and the try that reaches the threshold sets the lock itself. Null: the subject
     * is locked and no try was taken (`lockedUntil` reads until when).
     */
    async take(subject: string, now = Date.now()): Promise<{ failures: number; lockedUntil: number } | null> {
      const row = await db
        .insertInto("password_guards")
        .values({ subject, failures: 1, locked_until: 0, touched_at: now })
        .onConflict((oc) =>
          oc
            .column("subject")
            .doUpdateSet({
              failures: sql`password_guards.failures + 1`,
              locked_until: lockAfterFailure("password_guards.failures", "password_guards.locked_until", now),
              touched_at: now,
            })
            .where("password_guards.locked_until", "<=", now),
        )
        .returning(["failures", "locked_until"])
        .executeTakeFirst();
      return row ? { failures: Number(row.failures), lockedUntil: Number(row.locked_until) } : null;
    },

    /** Until when a subject's password login is locked (0: it is not). */
    async lockedUntil(subject: string): Promise<number> {
      const row = await db
        .selectFrom("password_guards")
        .select("locked_until")
        .where("subject", "=", subject)
        .executeTakeFirst();
      return Number(row?.locked_until ?? 0);
    },

    /** A right password clears the subject's count. */
    async clear(subject: string): Promise<void> {
      await db.deleteFrom("password_guards").where("subject", "=", subject).execute();
    },
  };
}
