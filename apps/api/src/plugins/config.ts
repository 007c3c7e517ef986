import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** Root of the repository: relative paths in the configuration are resolved against it. */
export const repoRoot = fileURLToPath(new URL("../../../../", import.meta.url));

export type DatabaseConfig =
  | { dialect: "sqlite"; path: string }
  | { dialect: "postgres"; url: string; poolMax: number; connectTimeoutMs: number };

export interface Config {
  env: "development" | "production" | "test";
  host: string;
  port: number;
  logLevel: "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";
  database: DatabaseConfig;
  hashidSalt: string;
  hashidMinLength: number;
  /** Origin visitors reach the site at; share links are built on it. */
  publicOrigin: string;
  /** `{actor}` segment of share links for the organisation's own content. */
  siteActor: string;
  anonymousTokenTtlDays: number;
  userTokenTtlDays: number;
  serveApi: boolean;
  serveWeb: boolean;
  webBuildDir: string;
  mediaDir: string;
  shutdownTimeoutMs: number;
  /** Key that HMACs SMS codes before they are stored. */
  otpSecret: string;
  sms: SmsConfig;
  /** Editors' API key (header x-api-key); editor endpoints refuse every call while it is unset. */
  editorApiKey: string | null;
  limits: Limits;
  /** Where visitors' browsers call the API, "" for the site's own origin (the pages' CSP allows it). */
  publicApiBase: string;
  /** Origins besides the site's own whose pages the link popup may frame (the pages' CSP frame-src). */
  linkFrameOrigins: string[];
}

export type SmsConfig =
  | { transport: "dev" }
  | {
      transport: "aliyun";
      endpoint: string;
      accessKeyId: string;
      accessKeySecret: string;
      signName: string;
      templateCode: string;
      timeoutMs: number;
    };

/** Abuse limits (R-SEC-OTP-2, R-SEC-RATE). */
export interface Limits {
  otpPerPhonePerDay: number;
  otpPerIpPerHour: number;
  otpPerDevicePerDay: number;
  loginPerIpPerMinute: number;
  commentsPerUserPerMinute: number;
  commentsPerIpPerMinute: number;
}

/** A bad environment variable: the message names it and says what is expected. */
export class ConfigError extends Error {
  readonly variable: string;
  constructor(variable: string, expected: string, got: string) {
    super(`Invalid environment variable ${variable}: expected ${expected}, got ${JSON.stringify(got)}`);
    this.name = "ConfigError";
    this.variable = variable;
  }
}

type Env = Record<string, string | undefined>;

function readString(env: Env, name: string, fallback: string): string {
  const value = env[name];
  return value === undefined || value === "" ? fallback : value;
}

function readInt(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!/^-?\d+$/.test(raw.trim()) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(name, `an integer from ${min} to ${max}`, raw);
  }
  return value;
}

function readBool(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = raw.trim().toLowerCase();
  if (["1", "true", "yes", "on"].includes(value)) return true;
  if (["0", "false", "no", "off"].includes(value)) return false;
  throw new ConfigError(name, "true or false", raw);
}

function readChoice<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  if (!(choices as readonly string[]).includes(raw)) throw new ConfigError(name, `one of ${choices.join(", ")}`, raw);
  return raw as T;
}

function readOrigin(env: Env, name: string, fallback: string): string {
  const raw = readString(env, name, fallback);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(name, "an absolute http(s) URL", raw);
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new ConfigError(name, "an http(s) URL", raw);
  return raw.replace(/\/+$/, "");
}

function readDatabase(env: Env): DatabaseConfig {
  const raw = readString(env, "DATABASE_URL", "sqlite:data/davmu.db");
  if (/^postgres(ql)?:\/\//.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError("DATABASE_URL", "a postgres://user:pass@host:port/db URL", raw);
    }
    return {
      dialect: "postgres",
      url: raw,
      poolMax: readInt(env, "PG_POOL_MAX", 10, 1, 200),
      connectTimeoutMs: readInt(env, "DB_CONNECT_TIMEOUT_MS", 5000, 100, 120000),
    };
  }
  if (raw.startsWith("sqlite:")) {
    const file = raw.slice("sqlite:".length);
    if (!file) throw new ConfigError("DATABASE_URL", "sqlite:<file> or sqlite::memory:", raw);
    return { dialect: "sqlite", path: file === ":memory:" ? file : resolvePath(file) };
  }
  throw new ConfigError("DATABASE_URL", "postgres://… or sqlite:<file>", raw);
}

function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

function required(env: Env, name: string, why: string): string {
  const value = env[name];
  if (value === undefined || value === "") throw new ConfigError(name, why, "");
  return value;
}

function readSms(env: Env, appEnv: Config["env"]): SmsConfig {
  const transport = readChoice(env, "SMS_TRANSPORT", ["dev", "aliyun"] as const, "dev");
  if (transport === "dev") {
    if (appEnv === "production") {
      throw new ConfigError("SMS_TRANSPORT", "a real SMS provider (aliyun) in production", "dev");
    }
    return { transport };
  }
  const needed = "a value when SMS_TRANSPORT=aliyun";
  return {
    transport,
    endpoint: readOrigin(env, "SMS_ENDPOINT", "https://dysmsapi.aliyuncs.com"),
    accessKeyId: required(env, "SMS_ACCESS_KEY_ID", needed),
    accessKeySecret: required(env, "SMS_ACCESS_KEY_SECRET", needed),
    signName: required(env, "SMS_SIGN_NAME", needed),
    templateCode: required(env, "SMS_TEMPLATE_CODE", needed),
    timeoutMs: readInt(env, "SMS_TIMEOUT_MS", 5000, 100, 60000),
  };
}

/** A comma-separated list of https origins (scheme, host and port only); empty when unset. */
function readOriginList(env: Env, name: string): string[] {
  const raw = env[name];
  if (!raw) return [];
  return raw
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean)
    .map((origin) => {
      if (!/^https:\/\/[a-z0-9.-]+(:\d+)?$/i.test(origin)) {
        throw new ConfigError(name, "comma-separated https origins such as https://h5.example.com", origin);
      }
      return origin.toLowerCase();
    });
}

/** Reads and validates the whole configuration; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const appEnv = readChoice(env, "NODE_ENV", ["development", "production", "test"] as const, "development");
  const port = readInt(env, "PORT", 3000, 0, 65535);
  const hashidSalt = readString(env, "HASHID_SALT", "davmu-share-development-salt");
  if (appEnv === "production" && env.HASHID_SALT === undefined) {
    throw new ConfigError("HASHID_SALT", "a secret salt in production", "");
  }
  const otpSecret = readString(env, "OTP_SECRET", "davmu-share-development-otp-secret");
  if (appEnv === "production" && (env.OTP_SECRET === undefined || env.OTP_SECRET.length < 32)) {
    throw new ConfigError("OTP_SECRET", "a secret of at least 32 characters in production", env.OTP_SECRET ?? "");
  }
  const editorApiKey = env.EDITOR_API_KEY || null;
  if (editorApiKey !== null && editorApiKey.length < 24) {
    throw new ConfigError("EDITOR_API_KEY", "at least 24 characters", "(too short)");
  }
  return {
    env: appEnv,
    host: readString(env, "HOST", "0.0.0.0"),
    port,
    logLevel: readChoice(
      env,
      "LOG_LEVEL",
      ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const,
      appEnv === "test" ? "warn" : "info",
    ),
    database: readDatabase(env),
    hashidSalt,
    hashidMinLength: readInt(env, "HASHID_MIN_LENGTH", 8, 0, 32),
    publicOrigin: readOrigin(env, "PUBLIC_ORIGIN", `http://localhost:${port || 3000}`),
    siteActor: readString(env, "SITE_ACTOR", "news"),
    anonymousTokenTtlDays: readInt(env, "ANONYMOUS_TOKEN_TTL_DAYS", 30, 1, 3650),
    userTokenTtlDays: readInt(env, "USER_TOKEN_TTL_DAYS", 30, 1, 3650),
    serveApi: readBool(env, "SERVE_API", true),
    serveWeb: readBool(env, "SERVE_WEB", true),
    webBuildDir: resolvePath(readString(env, "WEB_BUILD_DIR", "apps/web/build")),
    mediaDir: resolvePath(readString(env, "MEDIA_DIR", "apps/api/demo-media")),
    shutdownTimeoutMs: readInt(env, "SHUTDOWN_TIMEOUT_MS", 10000, 0, 600000),
    otpSecret,
    sms: readSms(env, appEnv),
    editorApiKey,
    limits: {
      otpPerPhonePerDay: readInt(env, "OTP_PER_PHONE_PER_DAY", 10, 1, 1000),
      otpPerIpPerHour: readInt(env, "OTP_PER_IP_PER_HOUR", 20, 1, 100000),
      otpPerDevicePerDay: readInt(env, "OTP_PER_DEVICE_PER_DAY", 10, 1, 1000),
      loginPerIpPerMinute: readInt(env, "LOGIN_PER_IP_PER_MINUTE", 30, 1, 100000),
      commentsPerUserPerMinute: readInt(env, "COMMENTS_PER_USER_PER_MINUTE", 5, 1, 1000),
      commentsPerIpPerMinute: readInt(env, "COMMENTS_PER_IP_PER_MINUTE", 30, 1, 100000),
    },
    publicApiBase: env.PUBLIC_API_BASE ? readOrigin(env, "PUBLIC_API_BASE", "") : "",
    linkFrameOrigins: readOriginList(env, "LINK_FRAME_ORIGINS"),
  };
}
