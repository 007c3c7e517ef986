import { deviceOs, deviceType } from "./device.ts";

/** Keys of the values the site keeps in the visitor's local storage (spec §3, local values). */
export const storageKeys = {
  token: "token",
  userId: "user_id",
  anonymousToken: "ANONYMOUS_TOKEN",
  anonymousId: "ANONYMOUS_ID",
  deviceId: "DEVICE_ID_AUTH",
  deviceMeta: "DEVICE_META",
} as const;

export interface DeviceMeta {
  device_type: "Android" | "IOS";
  device_os: string;
  /** a generated UUID identifying this browser */
  user_id: string;
}

/** The part of the Web Storage API used here, so a storage that throws (private mode) can be wrapped. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** Storage that never throws: private-mode browsers refuse writes, and the site must work anyway. */
export function safeStore(storage: KeyValueStore | undefined): KeyValueStore {
  const memory = new Map<string, string>();
  return {
    getItem(key) {
      try {
        const value = storage?.getItem(key);
        if (value !== null && value !== undefined) return value;
      } catch {
        // fall through to memory
      }
      return memory.get(key) ?? null;
    },
    setItem(key, value) {
      memory.set(key, value);
      try {
        storage?.setItem(key, value);
      } catch {
        // kept in memory for this page
      }
    },
    removeItem(key) {
      memory.delete(key);
      try {
        storage?.removeItem(key);
      } catch {
        // nothing stored
      }
    },
  };
}

export function uuid(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // old in-app browsers lack randomUUID; getRandomValues is there since Chrome 11 / iOS 6
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  bytes[6] = ((bytes[6] as number) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] as number) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function getOrCreate(store: KeyValueStore, key: string, create: () => string): string {
  const existing = store.getItem(key);
  if (existing) return existing;
  const value = create();
  store.setItem(key, value);
  return value;
}

export function localValues(store: KeyValueStore, userAgent: string) {
  return {
    anonymousId: () => getOrCreate(store, storageKeys.anonymousId, uuid),
    deviceId: () => getOrCreate(store, storageKeys.deviceId, uuid),
    deviceMeta(): DeviceMeta {
      const raw = store.getItem(storageKeys.deviceMeta);
      if (raw) {
        try {
          const parsed = JSON.parse(raw) as Partial<DeviceMeta>;
          if (parsed && typeof parsed.user_id === "string" && parsed.device_type && parsed.device_os) {
            return parsed as DeviceMeta;
          }
        } catch {
          // rewritten below
        }
      }
      const meta: DeviceMeta = { device_type: deviceType(userAgent), device_os: deviceOs(userAgent), user_id: uuid() };
      store.setItem(storageKeys.deviceMeta, JSON.stringify(meta));
      return meta;
    },
    token: () => store.getItem(storageKeys.token),
    userId: () => store.getItem(storageKeys.userId),
    /** Keeps the logged-in visitor's token and user id (spec §3 local values). */
    setUser: (token: string, userId: string) => {
      store.setItem(storageKeys.token, token);
      store.setItem(storageKeys.userId, userId);
    },
    clearUser: () => {
      store.removeItem(storageKeys.token);
      store.removeItem(storageKeys.userId);
    },
    anonymousToken: () => store.getItem(storageKeys.anonymousToken),
    setAnonymousToken: (token: string) => store.setItem(storageKeys.anonymousToken, token),
    clearAnonymousToken: () => store.removeItem(storageKeys.anonymousToken),
  };
}
export type LocalValues = ReturnType<typeof localValues>;
