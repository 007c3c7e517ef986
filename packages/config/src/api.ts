import { isAbsolute, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type Env, readEnv, withoutTrailingSlash } from "./read.ts";
import type { EnvValues } from "./schema.ts";

/** Root of the repository: relative paths in the configuration are resolved against it. */
export const repoRoot = fileURLToPath(new URL("../../../", import.meta.url));

export type DatabaseConfig =
  | { dialect: "sqlite"; path: string }
  | { dialect: "postgres"; url: string; poolMax: number; connectTimeoutMs: number };

/** The API server's configuration (and its host's), read from the environment through the schema. */
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
  /** WeChat JS-SDK signing; null when WECHAT_APP_ID and WECHAT_APP_SECRET are not both set. */
  wechat: WechatConfig | null;
  /** The native app's URL scheme: deep links the API hands out (deferred links) are `{scheme}://open?url=…`. */
  appScheme: string;
  /** Where pages send tracking beacons, "" for the site's own origin. */
  statBase: string;
  tracking: TrackingConfig;
}

/** Tracking beacons and the editors' stats page (R-TRACK-5, R-STATS-1). */
export interface TrackingConfig {
  /** Raw events are removed after this many days (the hourly roll-ups stay). */
  retentionDays: number;
  perDevicePerMinute: number;
  /** Events buffered before a write; written at the latest after `flushMs`. */
  bufferSize: number;
  flushMs: number;
  editorSessionTtlSeconds: number;
}

/** The official account whose JS-SDK signatures the API makes (R-SHARE-2). */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** WeChat's API base (a fake on loopback in tests) */
  apiBase: string;
  timeoutMs: number;
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

function resolvePath(path: string): string {
  return isAbsolute(path) ? path : resolve(repoRoot, path);
}

function databaseConfig(values: EnvValues): DatabaseConfig {
  const url = values.DATABASE_URL;
  if (url.startsWith("sqlite:")) {
    const file = url.slice("sqlite:".length);
    return { dialect: "sqlite", path: file === ":memory:" ? file : resolvePath(file) };
  }
  return {
    dialect: "postgres",
    url,
    poolMax: values.PG_POOL_MAX,
    connectTimeoutMs: values.DB_CONNECT_TIMEOUT_MS,
  };
}

/** A value the schema requires in this situation (`requiredWhen`), so it is there once read. */
function present(value: string | undefined): string {
  if (value === undefined) throw new Error("a required configuration value is missing");
  return value;
}

function smsConfig(values: EnvValues): SmsConfig {
  if (values.SMS_TRANSPORT === "dev") return { transport: "dev" };
  return {
    transport: "aliyun",
    endpoint: withoutTrailingSlash(values.SMS_ENDPOINT),
    accessKeyId: present(values.SMS_ACCESS_KEY_ID),
    accessKeySecret: present(values.SMS_ACCESS_KEY_SECRET),
    signName: present(values.SMS_SIGN_NAME),
    templateCode: present(values.SMS_TEMPLATE_CODE),
    timeoutMs: values.SMS_TIMEOUT_MS,
  };
}

/** Reads and validates the whole configuration; throws a ConfigError naming the first bad variable. */
export function loadConfig(env: Env = process.env): Config {
  const values = readEnv(env);
  return {
    env: values.NODE_ENV,
    host: values.HOST,
    port: values.PORT,
    logLevel: values.LOG_LEVEL ?? (values.NODE_ENV === "test" ? "warn" : "info"),
    database: databaseConfig(values),
    hashidSalt: values.HASHID_SALT,
    hashidMinLength: values.HASHID_MIN_LENGTH,
    publicOrigin: withoutTrailingSlash(values.PUBLIC_ORIGIN ?? `http://localhost:${values.PORT || 3000}`),
    siteActor: values.SITE_ACTOR,
    anonymousTokenTtlDays: values.ANONYMOUS_TOKEN_TTL_DAYS,
    userTokenTtlDays: values.USER_TOKEN_TTL_DAYS,
    serveApi: values.SERVE_API,
    serveWeb: values.SERVE_WEB,
    webBuildDir: resolvePath(values.WEB_BUILD_DIR),
    mediaDir: resolvePath(values.MEDIA_DIR),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    otpSecret: values.OTP_SECRET,
    sms: smsConfig(values),
    editorApiKey: values.EDITOR_API_KEY ?? null,
    limits: {
      otpPerPhonePerDay: values.OTP_PER_PHONE_PER_DAY,
      otpPerIpPerHour: values.OTP_PER_IP_PER_HOUR,
      otpPerDevicePerDay: values.OTP_PER_DEVICE_PER_DAY,
      loginPerIpPerMinute: values.LOGIN_PER_IP_PER_MINUTE,
      commentsPerUserPerMinute: values.COMMENTS_PER_USER_PER_MINUTE,
      commentsPerIpPerMinute: values.COMMENTS_PER_IP_PER_MINUTE,
    },
    publicApiBase: withoutTrailingSlash(values.PUBLIC_API_BASE),
    linkFrameOrigins: values.LINK_FRAME_ORIGINS.map((origin) => origin.toLowerCase()),
    wechat:
      values.WECHAT_APP_ID && values.WECHAT_APP_SECRET
        ? {
            appId: values.WECHAT_APP_ID,
            appSecret: values.WECHAT_APP_SECRET,
            apiBase: withoutTrailingSlash(values.WECHAT_API_BASE),
            timeoutMs: values.WECHAT_TIMEOUT_MS,
          }
        : null,
    appScheme: values.APP_SCHEME,
    statBase: withoutTrailingSlash(values.PUBLIC_STAT_BASE),
    tracking: {
      retentionDays: values.TRACKING_RETENTION_DAYS,
      perDevicePerMinute: values.TRACKING_PER_DEVICE_PER_MINUTE,
      bufferSize: values.TRACKING_BUFFER_SIZE,
      flushMs: values.TRACKING_FLUSH_MS,
      editorSessionTtlSeconds: values.EDITOR_SESSION_TTL_SECONDS,
    },
  };
}
