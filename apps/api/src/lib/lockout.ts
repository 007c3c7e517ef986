import { ApiError } from "./api-error.ts";

/**
 * Failed password tries before an account's first lock, and how long each further failure locks it
 * (editors' logins, visitors' password logins): 5..7 → 1 min, 8..9 → 5 min, 10+ → 15 min.
 */
export const lockout = {
  threshold: 5,
  /**
   * A count of wrong passwords last added to this long ago, with no lock holding, is forgotten at the
   * next try: the same for an account and for a name no account has, so that waiting tells nothing
   * either (decision 100).
   */
  forgetAfterMs: 24 * 60 * 60 * 1000,
  lockMs(count: number): number {
    if (count < 5) return 0;
    return count >= 10 ? 900_000 : count >= 8 ? 300_000 : 60_000;
  },
};

/** 423: too many failed tries; the message says for how long. */
export function locked(until: number, now: number, hint = ""): ApiError {
  return new ApiError(
    423,
    423,
    `登录失败次数过多，请 ${Math.max(1, Math.ceil((until - now) / 60_000))} 分钟后再试${hint}`,
  );
}
