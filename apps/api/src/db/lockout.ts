import { type RawBuilder, sql } from "kysely";
import { lockout } from "../lib/lockout.ts";

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
