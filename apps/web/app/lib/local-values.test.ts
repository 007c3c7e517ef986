import { describe, expect, it } from "vitest";
import { type KeyValueStore, localValues, safeStore, storageKeys } from "./local-values.ts";

function mapStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 16_4 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.40";
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("local values", () => {
  it("R-ENT-LOCAL DEVICE_META holds device type, OS and a generated UUID, kept across reads", () => {
    const store = mapStore();
    const values = localValues(store, iphone);
    const meta = values.deviceMeta();
    expect(meta.device_type).toBe("IOS");
    expect(meta.device_os).toBe("iOS 16.4");
    expect(meta.user_id).toMatch(uuidPattern);
    expect(JSON.parse(store.data.get(storageKeys.deviceMeta) as string)).toEqual(meta);
    expect(localValues(store, iphone).deviceMeta()).toEqual(meta);
  });
  it("R-ENT-LOCAL ANONYMOUS_ID and DEVICE_ID_AUTH are generated once and kept", () => {
    const store = mapStore();
    const values = localValues(store, iphone);
    const id = values.anonymousId();
    expect(id).toMatch(uuidPattern);
    expect(values.anonymousId()).toBe(id);
    expect(store.data.get("ANONYMOUS_ID")).toBe(id);
    expect(values.deviceId()).toBe(store.data.get("DEVICE_ID_AUTH"));
  });
  it("R-ENT-LOCAL token and user id are read from their own keys; the anonymous token is kept apart", () => {
    const store = mapStore();
    store.setItem("token", "user-token");
    store.setItem("user_id", "42");
    const values = localValues(store, iphone);
    values.setAnonymousToken("anon-token");
    expect(values.token()).toBe("user-token");
    expect(values.userId()).toBe("42");
    expect(values.anonymousToken()).toBe("anon-token");
    expect(store.data.get("token")).toBe("user-token");
  });
  it("R-ENT-LOCAL a corrupt DEVICE_META is replaced, not thrown", () => {
    const store = mapStore();
    store.setItem(storageKeys.deviceMeta, "{not json");
    expect(localValues(store, iphone).deviceMeta().user_id).toMatch(uuidPattern);
  });
  it("R-ENT-LOCAL storage that throws (private mode) falls back to memory", () => {
    const throwing: KeyValueStore = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
      removeItem: () => {
        throw new Error("SecurityError");
      },
    };
    const values = localValues(safeStore(throwing), iphone);
    const id = values.anonymousId();
    expect(values.anonymousId()).toBe(id);
  });
});
