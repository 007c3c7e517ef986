import type { UserInfo } from "@davmu/contracts/account";
import type { ApiClient } from "@davmu/contracts/client";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { LocalValues } from "./local-values.ts";

/** Login, account restore and logout in the browser (spec §4, R-LOGIN-9..12). No UI here. */

export const accountRetry = { extraTries: 3, delayMs: 100 } as const;
export const networkErrorMessage = "网络错误，请稍后重试～";

type Sleep = (ms: number) => Promise<void>;
const sleep: Sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export type Outcome<T> = { ok: true; value: T } | { ok: false; msg: string };

/**
 * Reads the account right after login. The API answers 402 while the new session is not ready;
 * that answer is tried again after 100 ms, up to three more times (spec §8).
 */
export async function fetchAccountAfterLogin(
  client: Pick<ApiClient, "account">,
  userId: string,
  wait: Sleep = sleep,
): Promise<Outcome<UserInfo>> {
  for (let attempt = 0; ; attempt++) {
    let answer: Awaited<ReturnType<ApiClient["account"]>>;
    try {
      answer = await client.account({ params: { id: userId } });
    } catch {
      return { ok: false, msg: networkErrorMessage };
    }
    if (answer.code === ErrorCode.ok) return { ok: true, value: answer.data };
    if (answer.code !== ErrorCode.accountNotReady) return { ok: false, msg: answer.msg || networkErrorMessage };
    if (attempt >= accountRetry.extraTries) return { ok: false, msg: networkErrorMessage };
    await wait(accountRetry.delayMs);
  }
}

export type Credential = { verify_code: string } | { password: string };

/**
 * Phone login: on success the token and user id are stored and the account is read.
 * A failure answers the server's message, to be shown as it is.
 */
export async function login(
  client: Pick<ApiClient, "auth" | "account">,
  values: Pick<LocalValues, "deviceId" | "setUser">,
  account: string,
  credential: Credential,
  wait: Sleep = sleep,
): Promise<Outcome<UserInfo>> {
  let answer: Awaited<ReturnType<ApiClient["auth"]>>;
  try {
    answer = await client.auth({
      body: { appid: 1, platform: "mobile", device_id: values.deviceId(), account, ...credential },
    });
  } catch {
    return { ok: false, msg: networkErrorMessage };
  }
  if (answer.code !== ErrorCode.ok || !answer.data.user_id)
    return { ok: false, msg: answer.msg || networkErrorMessage };
  values.setUser(answer.data.token, answer.data.user_id);
  return fetchAccountAfterLogin(client, answer.data.user_id, wait);
}

/**
 * On page load a stored token brings the user back (R-LOGIN-10). A token the API refuses is
 * forgotten; a network failure keeps it for the next visit.
 */
export async function restoreUser(
  client: Pick<ApiClient, "account">,
  values: Pick<LocalValues, "token" | "userId" | "clearUser">,
): Promise<UserInfo | null> {
  const token = values.token();
  const userId = values.userId();
  if (!token || !userId) return null;
  try {
    const answer = await client.account({ params: { id: userId } });
    if (answer.code === ErrorCode.ok) return answer.data;
    if (answer.code === ErrorCode.unauthorized || answer.code === 403 || answer.code === ErrorCode.notFound) {
      values.clearUser();
    }
  } catch (error) {
    console.warn("account restore failed:", (error as Error).message);
  }
  return null;
}

/**
 * Logout (R-LOGIN-12): a fresh anonymous token first, then the stored token and user id are
 * cleared, then the logout call revokes the old user token (`withToken` makes a client that sends it).
 */
export async function logout(
  client: Pick<ApiClient, "auth">,
  withToken: (token: string) => Pick<ApiClient, "logout">,
  values: Pick<LocalValues, "token" | "deviceId" | "setAnonymousToken" | "clearUser">,
): Promise<void> {
  const oldToken = values.token();
  try {
    const fresh = await client.auth({ body: { appid: 1, platform: "mobile", device_id: values.deviceId() } });
    if (fresh.code === ErrorCode.ok) values.setAnonymousToken(fresh.data.token);
  } catch (error) {
    console.warn("anonymous login failed:", (error as Error).message);
  }
  values.clearUser();
  if (!oldToken) return;
  try {
    await withToken(oldToken).logout();
  } catch (error) {
    console.warn("logout call failed:", (error as Error).message);
  }
}
