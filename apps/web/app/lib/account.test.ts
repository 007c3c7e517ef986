import type { UserInfo } from "@davmu/contracts/account";
import type { EnvelopeOf } from "@davmu/contracts/error-codes";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { accountRetry, fetchAccountAfterLogin, login, logout, networkErrorMessage, restoreUser } from "./account.ts";
import { type KeyValueStore, localValues } from "./local-values.ts";

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
const ua = "Mozilla/5.0 (Linux; Android 13) Mobile MicroMessenger/8.0";
const ok = <T>(data: T): EnvelopeOf<T> => ({ code: 0, msg: "ok", data });
const fail = (code: number, msg: string) => ({ code, msg, data: null }) as unknown as EnvelopeOf<never>;
const user: UserInfo = {
  user_id: "u1",
  alias: "江澜小编",
  avatar: "/media/avatars/reader-1.svg",
  phone: "138****8000",
  invite_code: "ABCD1234",
  created_at: "2026-11-01T00:00:00.000Z",
};

describe("account after login", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("R-LOGIN-11 an account answering 402 is asked again after 100 ms until it is ready", async () => {
    const answers = [fail(402, "账号信息未就绪"), fail(402, "账号信息未就绪"), ok(user)];
    const client = { account: vi.fn(async () => answers.shift() as EnvelopeOf<UserInfo>) };
    const result = fetchAccountAfterLogin(client, "u1");
    await vi.advanceTimersByTimeAsync(0);
    expect(client.account).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(99);
    expect(client.account).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(client.account).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(await result).toEqual({ ok: true, value: user });
    expect(client.account).toHaveBeenCalledTimes(3);
  });

  it("R-LOGIN-11 after 3 extra tries it gives up with 网络错误，请稍后重试～", async () => {
    const client = { account: vi.fn(async () => fail(402, "账号信息未就绪")) };
    const result = fetchAccountAfterLogin(client, "u1");
    await vi.advanceTimersByTimeAsync(accountRetry.delayMs * 10);
    expect(await result).toEqual({ ok: false, msg: networkErrorMessage });
    expect(client.account).toHaveBeenCalledTimes(1 + accountRetry.extraTries);
    expect(networkErrorMessage).toBe("网络错误，请稍后重试～");
  });

  it("R-LOGIN-11 other failures are not retried and keep the server's message", async () => {
    const client = { account: vi.fn(async () => fail(403, "无权查看该账号")) };
    expect(await fetchAccountAfterLogin(client, "u1")).toEqual({ ok: false, msg: "无权查看该账号" });
    expect(client.account).toHaveBeenCalledTimes(1);
  });
});

describe("login, restore and logout", () => {
  it("R-LOGIN-9 a successful login stores token and user id, then reads the account", async () => {
    const store = memoryStore();
    const values = localValues(store, ua);
    const client = {
      auth: vi.fn(async () => ok({ token: "user-token", user_id: "u1", expires_at: "2026-12-22T00:00:00.000Z" })),
      account: vi.fn(async () => ok(user)),
    };
    const result = await login(client, values, "13800138000", { verify_code: "123456" });
    expect(result).toEqual({ ok: true, value: user });
    expect(client.auth).toHaveBeenCalledWith({
      body: {
        appid: 1,
        platform: "mobile",
        device_id: values.deviceId(),
        account: "13800138000",
        verify_code: "123456",
      },
    });
    expect(store.data.get("token")).toBe("user-token");
    expect(store.data.get("user_id")).toBe("u1");
  });

  it("R-LOGIN-9 a failed login answers the server's message and stores nothing", async () => {
    const store = memoryStore();
    const client = { auth: vi.fn(async () => fail(400, "验证码错误")), account: vi.fn() };
    const result = await login(client, localValues(store, ua), "13800138000", { password: "x" });
    expect(result).toEqual({ ok: false, msg: "验证码错误" });
    expect(store.data.has("token")).toBe(false);
    expect(client.account).not.toHaveBeenCalled();
  });

  it("R-LOGIN-10 a saved token restores user info on page load; a refused one is forgotten", async () => {
    const store = memoryStore();
    const values = localValues(store, ua);
    expect(await restoreUser({ account: vi.fn() }, values)).toBeNull();
    values.setUser("user-token", "u1");
    expect(await restoreUser({ account: async () => ok(user) }, values)).toEqual(user);
    expect(await restoreUser({ account: async () => fail(401, "登录已失效") }, values)).toBeNull();
    expect(store.data.has("token")).toBe(false);
    expect(store.data.has("user_id")).toBe(false);
  });

  it("R-LOGIN-12 logout gets a fresh anonymous token, clears token and user id, then revokes the old token", async () => {
    const store = memoryStore();
    const values = localValues(store, ua);
    values.setUser("old-user-token", "u1");
    values.setAnonymousToken("old-anon");
    const steps: string[] = [];
    const client = {
      auth: vi.fn(async () => {
        steps.push(`auth (token ${values.token()})`);
        return ok({ token: "fresh-anon", user_id: null, expires_at: "2026-12-22T00:00:00.000Z" });
      }),
    };
    const withToken = vi.fn((token: string) => ({
      logout: vi.fn(async () => {
        steps.push(`logout with ${token}, stored token ${values.token()}`);
        return ok(null);
      }),
    }));
    await logout(client, withToken, values);
    expect(steps).toEqual(["auth (token old-user-token)", "logout with old-user-token, stored token null"]);
    expect(client.auth).toHaveBeenCalledWith({ body: { appid: 1, platform: "mobile", device_id: values.deviceId() } });
    expect(values.anonymousToken()).toBe("fresh-anon");
    expect(store.data.has("user_id")).toBe(false);
  });
});
