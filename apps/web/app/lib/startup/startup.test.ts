import type { EnvelopeOf } from "@davmu/contracts/error-codes";
import { describe, expect, it, vi } from "vitest";
import { type KeyValueStore, localValues } from "../local-values.ts";
import { startup } from "./startup.ts";

function memoryStore(): KeyValueStore {
  const data = new Map<string, string>();
  return {
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}
const ua = "Mozilla/5.0 (Linux; Android 13) Mobile MicroMessenger/8.0";
const ok = <T>(data: T): EnvelopeOf<T> => ({ code: 0, msg: "ok", data });
const appInfo = ok({
  app_info: JSON.stringify({ primaryColor: "#2266CC", bottomNavigationBar: { navigationItems: [] } }),
});

describe("startup", () => {
  it("R-SITE-5 fetches an anonymous token first, then the app info, and takes its theme colour", async () => {
    const calls: string[] = [];
    const values = localValues(memoryStore(), ua);
    const client = {
      auth: vi.fn(async () => {
        calls.push("auth");
        return ok({ token: "anon-token-1", user_id: null, expires_at: "2026-12-22T00:00:00.000Z" });
      }),
      appInfo: vi.fn(async () => {
        calls.push(`appInfo with ${values.anonymousToken()}`);
        return appInfo;
      }),
    };
    const theme = await startup(client, values);
    expect(calls).toEqual(["auth", "appInfo with anon-token-1"]);
    expect(client.auth).toHaveBeenCalledWith({ body: { appid: 1, platform: "mobile", device_id: values.deviceId() } });
    expect(theme?.primaryColor).toBe("#2266CC");
  });

  it("R-SITE-5 a stored anonymous token is reused without a new login", async () => {
    const values = localValues(memoryStore(), ua);
    values.setAnonymousToken("kept-token");
    const client = { auth: vi.fn(), appInfo: vi.fn(async () => appInfo) };
    await startup(client, values);
    expect(client.auth).not.toHaveBeenCalled();
  });

  it("R-SITE-5 a stored token the API refuses is replaced once", async () => {
    const values = localValues(memoryStore(), ua);
    values.setAnonymousToken("expired");
    const client = {
      auth: vi.fn(async () => ok({ token: "fresh", user_id: null, expires_at: "2026-12-22T00:00:00.000Z" })),
      appInfo: vi
        .fn()
        .mockResolvedValueOnce({ code: 401, msg: "令牌无效或已过期，请重新获取", data: null })
        .mockResolvedValueOnce(appInfo),
    };
    const theme = await startup(client, values);
    expect(values.anonymousToken()).toBe("fresh");
    expect(theme?.primaryColor).toBe("#2266CC");
  });

  it("R-SITE-5 when app info fails the site keeps its defaults (null)", async () => {
    const values = localValues(memoryStore(), ua);
    values.setAnonymousToken("t");
    const client = { auth: vi.fn(), appInfo: vi.fn(async () => ({ code: 500, msg: "x", data: null })) };
    expect(await startup(client as never, values)).toBeNull();
  });
});
