import { type RawBuilder, sql } from "kysely";
import { ApiError } from "./api-error.ts";

/**
 * Failed password tries before an account's first lock, and how long each further failure locks it
 * (editors' logins, visitors' password logins): 5..7 → 1 min, 8..9 → 5 min, 10+ → 15 min.
 */
export const lockout = {
  threshold: 5,
  lockMs(count: number): number {
    if (count < 5) return 0;
    return count >= 10 ? 900_000 : count >= 8 ? 300_000 : 60_000;
  },
};

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

/** 423: too many failed tries; the message says for how long. */
export function locked(until: number, now: number, hint = ""): ApiError {
  return new ApiError(423, 423, `登录失败次数过多，请 ${Math.ceil((until - now) / 60_000)} 分钟后再试${hint}`);
}
