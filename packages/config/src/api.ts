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
  /** Pages rendered at once, and how long a render waits for its turn before a 503 (decision 082). */
  webRender: { slots: number; waitMs: number };
  mediaDir: string;
  shutdownTimeoutMs: number;
  /** On SIGTERM, how long readiness fails while the server still accepts, before it stops listening. */
  shutdownDelayMs: number;
  /** Key that HMACs SMS codes before they are stored. */
  otpSecret: string;
  /** Key that HMACs editors' preview links; null: derived from `otpSecret`. */
  previewSecret: string | null;
  sms: SmsConfig;
  /** Editors' API key (header x-api-key); editor endpoints refuse every call while it is unset. */
  editorApiKey: string | null;
  /** scrypt's cost for editors' password hashes: N = 2^cost (EDITOR_PASSWORD_COST). */
  editorPasswordCost: number;
  limits: Limits;
  /** Where visitors' browsers call the API, "" for the site's own origin (the pages' CSP allows it). */
  publicApiBase: string;
  /** Origins besides the site's own whose pages the link popup may frame (the pages' CSP frame-src). */
  linkFrameOrigins: string[];
  /** Running past one machine: proxies, timeouts, housekeeping, docs, metrics, Redis. */
  ops: OpsConfig;
  /** WeChat JS-SDK signing; null when WECHAT_APP_ID and WECHAT_APP_SECRET are not both set. */
  wechat: WechatConfig | null;
  /** The native app's URL scheme: deep links the API hands out (deferred links) are `{scheme}://open?url=…`. */
  appScheme: string;
  /** Where pages send tracking beacons, "" for the site's own origin. */
  statBase: string;
  tracking: TrackingConfig;
  live: LiveConfig;
  pictures: PictureWorkConfig;
}

/** Decoding and remaking uploaded pictures, bounded in concurrency and waiting (R-REL-5). */
export interface PictureWorkConfig {
  /** Pictures decoded and remade at once. */
  workers: number;
  /** Pictures waiting for a worker; one more is refused with 503. */
  queue: number;
  /** Longest a request's pictures may wait for a worker, from the request's arrival; then 503. */
  waitMs: number;
}

/** Live rooms (R-LIVE-1, R-SEC-RATE). */
export interface LiveConfig {
  chatPerUserPerMinute: number;
  /** Chat messages per room a reconnecting client can resume from; older, it is told to resync. */
  historySize: number;
}

/** Tracking beacons and the editors' stats page (R-TRACK-5, R-STATS-1). */
export interface TrackingConfig {
  /** Raw events are removed after this many days (the hourly roll-ups stay). */
  retentionDays: number;
  perDevicePerMinute: number;
  /** Events buffered before a write; written at the latest after `flushMs`. */
  bufferSize: number;
  flushMs: number;
  /** Where acknowledged batches are kept until stored (a folder per database in it); null: nowhere. */
  journalDir: string | null;
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

/**
 * Which proxies in front are trusted to say the client's address (R-SEC-PROXY): none (false), the
 * number of hops, or their addresses and CIDR ranges (Fastify's `trustProxy`).
 */
export type TrustProxy = false | number | string[];

export interface OpsConfig {
  trustProxy: TrustProxy;
  /** Longest time a client may take to send a whole request, and its headers (slow clients are cut off). */
  requestTimeoutMs: number;
  headersTimeoutMs: number;
  /** PostgreSQL statement timeout; the client gives up a little later when the server does not answer. */
  dbStatementTimeoutMs: number;
  /** How often expired sessions, codes and other short-lived rows are removed. */
  housekeepingIntervalMs: number;
  /** Whether /docs (the OpenAPI page and document) is served. */
  serveDocs: boolean;
  /** /metrics on the public port answers only this key (authorization: Bearer …); null: not served there. */
  metricsKey: string | null;
  /** A port on 127.0.0.1 answering /metrics without a key; null: none. */
  metricsPort: number | null;
  /** Shared rate-limit counters, change feed and revocations across instances; null: in process. */
  redisUrl: string | null;
}

function trustProxyOf(text: string): TrustProxy {
  const value = text.trim();
  if (value === "" || value === "false") return false;
  if (/^\d+$/.test(value)) return Number(value) === 0 ? false : Number(value);
  return value.split(",").map((item) => item.trim());
}

/** Abuse limits (R-SEC-OTP-2, R-SEC-RATE). */
export interface Limits {
  otpPerPhonePerDay: number;
  otpPerIpPerHour: number;
  otpPerDevicePerDay: number;
  loginPerIpPerMinute: number;
  commentsPerUserPerMinute: number;
  commentsPerIpPerMinute: number;
  anonymousTokensPerIpPerMinute: number;
  anonymousTokensPerDevicePerMinute: number;
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
    host: values.HOST ?? (values.NODE_ENV === "production" ? "0.0.0.0" : "127.0.0.1"),
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
    webRender: { slots: values.WEB_RENDER_SLOTS ?? (values.SERVE_API ? 16 : 64), waitMs: values.WEB_RENDER_WAIT_MS },
    mediaDir: resolvePath(values.MEDIA_DIR),
    shutdownTimeoutMs: values.SHUTDOWN_TIMEOUT_MS,
    shutdownDelayMs: values.SHUTDOWN_DELAY_MS,
    otpSecret: values.OTP_SECRET,
    previewSecret: values.PREVIEW_SECRET ?? null,
    sms: smsConfig(values),
    editorApiKey: values.EDITOR_API_KEY ?? null,
    editorPasswordCost: values.EDITOR_PASSWORD_COST,
    limits: {
      otpPerPhonePerDay: values.OTP_PER_PHONE_PER_DAY,
      otpPerIpPerHour: values.OTP_PER_IP_PER_HOUR,
      otpPerDevicePerDay: values.OTP_PER_DEVICE_PER_DAY,
      loginPerIpPerMinute: values.LOGIN_PER_IP_PER_MINUTE,
      commentsPerUserPerMinute: values.COMMENTS_PER_USER_PER_MINUTE,
      commentsPerIpPerMinute: values.COMMENTS_PER_IP_PER_MINUTE,
      anonymousTokensPerIpPerMinute: values.ANONYMOUS_TOKENS_PER_IP_PER_MINUTE,
      anonymousTokensPerDevicePerMinute: values.ANONYMOUS_TOKENS_PER_DEVICE_PER_MINUTE,
    },
    publicApiBase: withoutTrailingSlash(values.PUBLIC_API_BASE),
    linkFrameOrigins: values.LINK_FRAME_ORIGINS.map((origin) => origin.toLowerCase()),
    ops: {
      trustProxy: trustProxyOf(values.TRUST_PROXY),
      requestTimeoutMs: values.REQUEST_TIMEOUT_MS,
      headersTimeoutMs: Math.min(values.HEADERS_TIMEOUT_MS, values.REQUEST_TIMEOUT_MS),
      dbStatementTimeoutMs: values.DB_STATEMENT_TIMEOUT_MS,
      housekeepingIntervalMs: values.HOUSEKEEPING_INTERVAL_MS,
      serveDocs: values.SERVE_DOCS,
      metricsKey: values.METRICS_KEY ?? null,
      metricsPort: values.METRICS_PORT ?? null,
      redisUrl: values.REDIS_URL ?? null,
    },
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
      journalDir: values.TRACKING_JOURNAL_DIR === "off" ? null : resolvePath(values.TRACKING_JOURNAL_DIR),
      editorSessionTtlSeconds: values.EDITOR_SESSION_TTL_SECONDS,
    },
    live: {
      chatPerUserPerMinute: values.LIVE_CHAT_PER_USER_PER_MINUTE,
      historySize: values.LIVE_HISTORY_SIZE,
    },
    pictures: {
      workers: values.PICTURE_WORKERS,
      queue: values.PICTURE_QUEUE,
      waitMs: values.PICTURE_WAIT_MS,
    },
  };
}
