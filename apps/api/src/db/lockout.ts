import { type Kysely, type RawBuilder, sql } from "kysely";
import { lockout } from "../lib/lockout.ts";
import type { Database } from "./schema.ts";

/**
 * The count a failure leaves: one more, or 1 where the count was last added to `lockout.forgetAfterMs`
 * ago or more (the statements that use it pass only rows with no lock holding). `count` and
 * `touchedAt` name the row's columns.
 */
export function failuresAfter(count: string, touchedAt: string, now: number): RawBuilder<number> {
  return sql<number>`case when ${sql.ref(touchedAt)} <= ${now - lockout.forgetAfterMs} then 1 else ${sql.ref(count)} + 1 end`;
}

/**
 * The lock a failure leaves, decided in the UPDATE that counts it (never read, then write): parallel
 * wrong passwords each add one, and the lock follows from the count the same statement made
 * (`failuresAfter`). `lockedUntil` names the row's column.
 */
export function lockAfterFailure(failures: RawBuilder<number>, lockedUntil: string, now: number): RawBuilder<number> {
  return sql<number>`case
    when ${failures} >= 10 then cast(${now} as bigint) + ${lockout.lockMs(10)}
    when ${failures} >= 8 then cast(${now} as bigint) + ${lockout.lockMs(8)}
    when ${failures} >= ${lockout.threshold} then cast(${now} as bigint) + ${lockout.lockMs(lockout.threshold)}
    else ${sql.ref(lockedUntil)} end`;
}

/**
 * What a wrong password writes, in the statement that takes the try: the count it leaves
 * (`failuresAfter`) and the lock that count sets (`lockAfterFailure`), named by the row's columns.
 */
export function failureCounted(
  columns: { count: string; touchedAt: string; lockedUntil: string },
  now: number,
): { failures: RawBuilder<number>; lockedUntil: RawBuilder<number> } {
  const failures = failuresAfter(columns.count, columns.touchedAt, now);
  return { failures, lockedUntil: lockAfterFailure(failures, columns.lockedUntil, now) };
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
     * before the lock, and the try that reaches the threshold sets the lock itself. A count last added
     * to a day ago or more starts again at 1 (`failuresAfter`), whether or not the housekeeping has
     * purged its row yet. Null: the subject is locked and no try was taken (`lockedUntil` reads until
     * when).
     */
    async take(subject: string, now = Date.now()): Promise<{ failures: number; lockedUntil: number } | null> {
      const counted = failureCounted(
        {
          count: "password_guards.failures",
          touchedAt: "password_guards.touched_at",
          lockedUntil: "password_guards.locked_until",
        },
        now,
      );
      const row = await db
        .insertInto("password_guards")
        .values({ subject, failures: 1, locked_until: 0, touched_at: now })
        .onConflict((oc) =>
          oc
            .column("subject")
            .doUpdateSet({
              failures: counted.failures,
              locked_until: counted.lockedUntil,
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
