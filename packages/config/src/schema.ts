import { type Static, type TSchema, Type } from "typebox";

/**
 * Every environment variable the product reads, declared once (R-SRV-7): its type, range and
 * default as TypeBox schemas, and what the product makes of it besides: which part reads it, whether
 * it is a secret, whether it may reach visitors' browsers, what production requires of it. The API's
 * configuration (`loadConfig`) and the site's (`loadSiteConfig`) are both read through it, with the
 * same rules. Values are decoded from their text by their schema's kind (integer, boolean, choice,
 * comma-separated list, string); an unset or empty variable takes its default.
 */

/** The values a development checkout runs on; production refuses both (R-SRV-7). */
export const developmentHashidSalt = "davmu-share-development-salt";
export const developmentOtpSecret = "davmu-share-development-otp-secret";

/**
 * Which part of the product reads a variable: the API, the site, or both (every deployment: the
 * process itself, the database, the public ids). Requirements that only make sense where a part
 * runs (production's secrets, values another setting asks for) apply when that part is served:
 * the API unless SERVE_API=false, the site unless SERVE_WEB=false.
 */
export type Part = "api" | "site" | "both";

export interface VariableMeta {
  part: Part;
  /** What a bad value's message says is expected; integers, booleans and choices say it themselves. */
  expected?: string;
  /** Never echoed in a message: its length is, or that it is the development value. */
  secret?: true;
  /**
   * The name the value reaches visitors' browsers under (the site's root loader hands these to the
   * page). A variable without it never leaves the server.
   */
  browser?: string;
  /**
   * Production refuses the variable unset, empty or equal to its default (a development value), and
   * shorter than `productionMinLength`; the message says this is expected.
   */
  production?: string;
  productionMinLength?: number;
  /**
   * For a number with a default production keeps: production refuses only a value below this (the
   * unset and default rule above does not apply).
   */
  productionMinimum?: number;
  /** The variable must be set when every variable named here has the value given. */
  requiredWhen?: Readonly<Record<string, string | boolean>>;
}

function variable<const T extends TSchema, const M extends VariableMeta>(schema: T, meta: M): T & M {
  return Object.assign(schema, meta);
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** An absolute http(s) URL; trailing slashes are dropped when it is read. */
function httpUrl(options: { default?: string } = {}) {
  return Type.Refine(Type.String(options), isHttpUrl, () => "an absolute http(s) URL");
}

const isPostgresUrl = (value: string) => /^postgres(ql)?:\/\//.test(value);

const databaseUrl = Type.Refine(
  Type.Refine(
    Type.Refine(
      Type.String({ default: "sqlite:data/davmu.db" }),
      (value) => !isPostgresUrl(value) || URL.canParse(value),
      () => "a postgres://user:pass@host:port/db URL",
    ),
    (value) => value !== "sqlite:",
    () => "sqlite:<file> or sqlite::memory:",
  ),
  (value) => isPostgresUrl(value) || value.startsWith("sqlite:"),
  () => "postgres://… or sqlite:<file>",
);

/** An IPv4 or IPv6 address, optionally with a CIDR prefix length. */
function isAddressOrCidr(value: string): boolean {
  const [address = "", prefix, ...rest] = value.split("/");
  if (rest.length > 0 || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) return false;
  const v4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/.test(address);
  const v6 = !v4 && address.includes(":") && /^[0-9A-Fa-f:.]+$/.test(address) && URL.canParse(`http://[${address}]/`);
  if (!v4 && !v6) return false;
  return prefix === undefined || Number(prefix) <= (v4 ? 32 : 128);
}

/**
 * TRUST_PROXY (R-SEC-PROXY): empty or `false` trusts no proxy (the socket's address is the client's);
 * a hop count trusts that many proxies in front; otherwise a comma-separated list of proxy addresses,
 * CIDR ranges or the names `loopback`, `linklocal`, `uniquelocal`.
 */
export function isTrustProxy(value: string): boolean {
  const text = value.trim();
  if (text === "" || text === "false" || /^\d{1,2}$/.test(text)) return true;
  const items = text.split(",").map((item) => item.trim());
  return items.every((item) => ["loopback", "linklocal", "uniquelocal"].includes(item) || isAddressOrCidr(item));
}

const integer = (minimum: number, maximum: number, fallback: number) =>
  Type.Integer({ minimum, maximum, default: fallback });

const whenAliyun = { SMS_TRANSPORT: "aliyun" } as const;

export const envSchema = Type.Object({
  NODE_ENV: variable(Type.Enum(["development", "production", "test"], { default: "development" }), { part: "both" }),
  /** Default: `0.0.0.0` in production, `127.0.0.1` otherwise (a development server is not a public one). */
  HOST: variable(Type.Optional(Type.String()), { part: "both" }),
  PORT: variable(integer(0, 65535, 3000), { part: "both" }),
  /** Default: `warn` in test, `info` otherwise. */
  LOG_LEVEL: variable(Type.Optional(Type.Enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])), {
    part: "both",
  }),
  DATABASE_URL: variable(databaseUrl, { part: "both" }),
  PG_POOL_MAX: variable(integer(1, 200, 10), { part: "both" }),
  DB_CONNECT_TIMEOUT_MS: variable(integer(100, 120000, 5000), { part: "both" }),
  HASHID_SALT: variable(Type.String({ default: developmentHashidSalt }), {
    part: "both",
    secret: true,
    production: "a secret salt in production",
  }),
  HASHID_MIN_LENGTH: variable(integer(0, 32, 8), { part: "both" }),
  /** Default: `http://localhost:$PORT`. */
  PUBLIC_ORIGIN: variable(Type.Optional(httpUrl()), { part: "api" }),
  SITE_ACTOR: variable(Type.String({ default: "news" }), { part: "api" }),
  ANONYMOUS_TOKEN_TTL_DAYS: variable(integer(1, 3650, 30), { part: "api" }),
  SERVE_API: variable(Type.Boolean({ default: true }), { part: "both" }),
  SERVE_WEB: variable(Type.Boolean({ default: true }), { part: "both" }),
  /** Default: `http://127.0.0.1:$PORT`, the API in the same process; a site-only process must name it. */
  API_BASE: variable(Type.Optional(httpUrl()), { part: "site", requiredWhen: { SERVE_API: false } }),
  PUBLIC_API_BASE: variable(
    Type.Refine(
      Type.String({ default: "" }),
      (value) => value === "" || isHttpUrl(value),
      () => "an absolute http(s) URL",
    ),
    { part: "site", browser: "publicApiBase" },
  ),
  WEB_BUILD_DIR: variable(Type.String({ default: "apps/web/build" }), { part: "site" }),
  /** Default: 16 when this process serves the API too, 64 when the site calls it over the network (decision 082). */
  WEB_RENDER_SLOTS: variable(Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })), { part: "site" }),
  WEB_RENDER_WAIT_MS: variable(integer(100, 60000, 10000), { part: "site" }),
  MEDIA_DIR: variable(Type.String({ default: "apps/api/demo-media" }), { part: "api" }),
  SHUTDOWN_TIMEOUT_MS: variable(integer(0, 600000, 10000), { part: "both" }),
  /** On SIGTERM, how long the instance keeps accepting with readiness failed before it stops listening. */
  SHUTDOWN_DELAY_MS: variable(integer(0, 600000, 0), { part: "both" }),
  USER_TOKEN_TTL_DAYS: variable(integer(1, 3650, 30), { part: "api" }),
  OTP_SECRET: variable(Type.String({ default: developmentOtpSecret }), {
    part: "api",
    secret: true,
    production: "a secret of at least 32 characters in production",
    productionMinLength: 32,
  }),
  /**
   * Key of the HMAC that signs editors' preview links (R-PREVIEW-1). Unset: a key derived from
   * OTP_SECRET, which production already requires to be a real secret (decision 029).
   */
  PREVIEW_SECRET: variable(Type.Optional(Type.String({ minLength: 32 })), { part: "api", secret: true }),
  SMS_TRANSPORT: variable(Type.Enum(["dev", "aliyun"], { default: "dev" }), {
    part: "api",
    production: "a real SMS provider (aliyun) in production",
  }),
  SMS_ENDPOINT: variable(httpUrl({ default: "https://dysmsapi.aliyuncs.com" }), { part: "api" }),
  SMS_ACCESS_KEY_ID: variable(Type.Optional(Type.String()), { part: "api", requiredWhen: whenAliyun }),
  SMS_ACCESS_KEY_SECRET: variable(Type.Optional(Type.String()), {
    part: "api",
    secret: true,
    requiredWhen: whenAliyun,
  }),
  SMS_SIGN_NAME: variable(Type.Optional(Type.String()), { part: "api", requiredWhen: whenAliyun }),
  SMS_TEMPLATE_CODE: variable(Type.Optional(Type.String()), { part: "api", requiredWhen: whenAliyun }),
  SMS_TIMEOUT_MS: variable(integer(100, 60000, 5000), { part: "api" }),
  OTP_PER_PHONE_PER_DAY: variable(integer(1, 1000, 10), { part: "api" }),
  OTP_PER_IP_PER_HOUR: variable(integer(1, 100000, 20), { part: "api" }),
  OTP_PER_DEVICE_PER_DAY: variable(integer(1, 1000, 10), { part: "api" }),
  LOGIN_PER_IP_PER_MINUTE: variable(integer(1, 100000, 30), { part: "api" }),
  COMMENTS_PER_USER_PER_MINUTE: variable(integer(1, 1000, 5), { part: "api" }),
  COMMENTS_PER_IP_PER_MINUTE: variable(integer(1, 100000, 30), { part: "api" }),
  LINK_FRAME_ORIGINS: variable(
    Type.Array(Type.String({ pattern: "^https://[A-Za-z0-9.-]+(:[0-9]+)?$" }), {
      default: [],
      expected: "comma-separated https origins such as https://h5.example.com",
    }),
    { part: "site", browser: "linkFrameOrigins" },
  ),
  EDITOR_API_KEY: variable(Type.Optional(Type.String({ minLength: 24 })), {
    part: "api",
    secret: true,
    expected: "at least 24 characters",
  }),
  /** Default: "" (the page's own origin). Where pages send tracking beacons: `{stat base}/tracker/log`. */
  PUBLIC_STAT_BASE: variable(
    Type.Refine(
      Type.String({ default: "" }),
      (value) => value === "" || isHttpUrl(value),
      () => "an absolute http(s) URL",
    ),
    { part: "site", browser: "statBase" },
  ),
  TRACKING_RETENTION_DAYS: variable(integer(1, 3650, 90), { part: "api" }),
  TRACKING_PER_DEVICE_PER_MINUTE: variable(integer(1, 1000000, 600), { part: "api" }),
  TRACKING_BUFFER_SIZE: variable(integer(1, 100000, 500), { part: "api" }),
  TRACKING_FLUSH_MS: variable(integer(10, 60000, 1000), { part: "api" }),
  /**
   * Default: data/tracking-journal (relative to the repository). Where acknowledged tracking events
   * are kept until stored, so that a killed process loses none; `off` keeps them only in memory.
   */
  TRACKING_JOURNAL_DIR: variable(Type.String({ default: "data/tracking-journal", minLength: 1 }), {
    part: "api",
    expected: "a directory, or off",
  }),
  EDITOR_SESSION_TTL_SECONDS: variable(integer(1, 2592000, 28800), { part: "api" }),
  /**
   * Editors' password hashes: scrypt's cost as a power of two (N = 2^cost, r = 8, p = 1; 15: 32 MiB
   * and about 0.1 s a hash). Production refuses less than 15; the test suites run at 10 (decision 087).
   */
  EDITOR_PASSWORD_COST: variable(integer(10, 20, 15), {
    part: "api",
    production: "at least 15 (scrypt N = 2^15) in production",
    productionMinimum: 15,
  }),
  LIVE_CHAT_PER_USER_PER_MINUTE: variable(integer(1, 1000, 10), { part: "api" }),
  LIVE_HISTORY_SIZE: variable(integer(10, 100000, 500), { part: "api" }),
  // pictures decoded and remade at once, waiting beyond those, and how long a tip's may wait (R-REL-5)
  PICTURE_WORKERS: variable(integer(1, 64, 1), { part: "api" }),
  PICTURE_QUEUE: variable(integer(0, 1000, 8), { part: "api" }),
  PICTURE_WAIT_MS: variable(integer(1000, 600000, 20000), { part: "api" }),
  /** WeChat official account whose JS-SDK the pages use; with WECHAT_APP_SECRET, pages get signing config. */
  WECHAT_APP_ID: variable(Type.Optional(Type.String({ pattern: "^wx[0-9A-Za-z]{8,30}$" })), {
    part: "api",
    expected: "a WeChat AppID such as wx1234567890abcdef",
  }),
  WECHAT_APP_SECRET: variable(Type.Optional(Type.String({ minLength: 16, maxLength: 64 })), {
    part: "api",
    secret: true,
    expected: "the official account's AppSecret (16–64 characters)",
  }),
  /** WeChat's API; tests and local trying point it at the fake on loopback. */
  WECHAT_API_BASE: variable(httpUrl({ default: "https://api.weixin.qq.com" }), { part: "api" }),
  WECHAT_TIMEOUT_MS: variable(integer(100, 60000, 5000), { part: "api" }),
  /** The native app's URL scheme: deep links are `{scheme}://open?url=…` (written into pages). */
  APP_SCHEME: variable(Type.String({ default: "jianglan", pattern: "^[a-z][a-z0-9+.-]{1,31}$" }), {
    part: "both",
    expected: "a lowercase URL scheme such as jianglan",
  }),
  /** Default: none (iOS opens the app by its scheme). The https address the app claims as a universal link. */
  APP_UNIVERSAL_LINK: variable(
    Type.Optional(Type.String({ pattern: "^https://[A-Za-z0-9.-]+(:[0-9]+)?(/[^\\s]*)?$" })),
    { part: "site", expected: "an https address such as https://link.example.com/open" },
  ),
  APP_ANDROID_PACKAGE: variable(
    Type.String({ default: "com.jianglan.news", pattern: "^[A-Za-z][A-Za-z0-9_]*(\\.[A-Za-z][A-Za-z0-9_]*)+$" }),
    { part: "site", expected: "an Android application id such as com.example.news" },
  ),
  /** Default: none (no open tag). The app's AppID on WeChat's open platform, for wx-open-launch-app. */
  WECHAT_OPEN_APP_ID: variable(Type.Optional(Type.String({ pattern: "^wx[0-9A-Za-z]{8,30}$" })), {
    part: "site",
    expected: "a WeChat AppID such as wx1234567890abcdef",
  }),
  // past one machine: proxies, timeouts, housekeeping, metrics, Redis (R-SEC-PROXY, R-REL-1, R-METRICS-1, R-SCALE-1)
  TRUST_PROXY: variable(
    Type.Refine(Type.String({ default: "" }), isTrustProxy, () => "false, a hop count, or proxy addresses/CIDRs"),
    { part: "both" },
  ),
  REQUEST_TIMEOUT_MS: variable(integer(1000, 600000, 30000), { part: "both" }),
  HEADERS_TIMEOUT_MS: variable(integer(1000, 600000, 10000), { part: "both" }),
  DB_STATEMENT_TIMEOUT_MS: variable(integer(100, 600000, 10000), { part: "both" }),
  ANONYMOUS_TOKENS_PER_IP_PER_MINUTE: variable(integer(1, 100000, 120), { part: "api" }),
  ANONYMOUS_TOKENS_PER_DEVICE_PER_MINUTE: variable(integer(1, 100000, 10), { part: "api" }),
  HOUSEKEEPING_INTERVAL_MS: variable(integer(1000, 86400000, 600000), { part: "api" }),
  SERVE_DOCS: variable(Type.Boolean({ default: true }), { part: "api" }),
  METRICS_KEY: variable(Type.Optional(Type.String({ minLength: 24 })), {
    part: "both",
    secret: true,
    expected: "at least 24 characters",
  }),
  /** Default: unset (no metrics listener). A port on 127.0.0.1 that answers /metrics without a key. */
  METRICS_PORT: variable(Type.Optional(Type.Integer({ minimum: 1, maximum: 65535 })), { part: "both" }),
  REDIS_URL: variable(
    Type.Optional(
      Type.Refine(
        Type.String(),
        (value) => /^rediss?:\/\/./.test(value) && URL.canParse(value),
        () => "a redis://host:port URL",
      ),
    ),
    { part: "both", secret: true },
  ),
});

type Variables = (typeof envSchema)["properties"];

/** The name of every variable the product reads. */
export type VariableName = keyof Variables;

/** The environment decoded and checked: each variable's value, or its default, or undefined when optional. */
export type EnvValues = Static<typeof envSchema>;

/** What a page may carry to the browser: the variables marked `browser`, under the names they give. */
export type PublicConfig = {
  [Name in VariableName as Variables[Name] extends { browser: infer Key extends string } ? Key : never]: Static<
    Variables[Name]
  >;
};

/** A variable's schema with what the product makes of it. */
export type VariableSchema = TSchema & VariableMeta & { default?: unknown };

/** Every variable's schema, in declaration order. */
export function variables(): [VariableName, VariableSchema][] {
  return Object.entries(envSchema.properties) as [VariableName, VariableSchema][];
}
