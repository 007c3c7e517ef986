import { type Env, readEnv, withoutTrailingSlash } from "./read.ts";
import { type PublicConfig, variables } from "./schema.ts";

export type { PublicConfig } from "./schema.ts";

/** The site's server-side settings, read from the environment through the same schema as the API's. */
export interface SiteConfig {
  /** Where the site's server reaches the platform API (loopback in the combined process). */
  apiBase: string;
  /**
   * Whether `apiBase` is the default, this process's own address (API_BASE not set): a host that
   * serves the API beside the site may then answer the site's calls in process.
   */
  apiBaseIsOwn: boolean;
  /** Where visitors' browsers reach the API; "" means the page's own origin. */
  publicApiBase: string;
  hashidSalt: string;
  hashidMinLength: number;
  /** Origins besides the site's own that the link popup may frame (LINK_FRAME_ORIGINS, as the CSP). */
  linkFrameOrigins: string[];
  /** Where pages send tracking beacons (PUBLIC_STAT_BASE); "" means the page's own origin. */
  statBase: string;
}

/**
 * Reads and validates the whole environment, as the API does (production refuses the development
 * salt here too), and answers the site's part of it. Throws a ConfigError naming the first bad variable.
 */
export function loadSiteConfig(env: Env = process.env): SiteConfig {
  const values = readEnv(env);
  return {
    apiBase: withoutTrailingSlash(values.API_BASE ?? `http://127.0.0.1:${values.PORT || 3000}`),
    apiBaseIsOwn: values.API_BASE === undefined,
    publicApiBase: withoutTrailingSlash(values.PUBLIC_API_BASE),
    hashidSalt: values.HASHID_SALT,
    hashidMinLength: values.HASHID_MIN_LENGTH,
    linkFrameOrigins: values.LINK_FRAME_ORIGINS.map((origin) => origin.toLowerCase()),
    statBase: withoutTrailingSlash(values.PUBLIC_STAT_BASE),
  };
}

/** The names the schema lets reach visitors' browsers (variables marked `browser`). */
export const browserFields = variables().flatMap(([, schema]) => (schema.browser ? [schema.browser] : [])) as Array<
  keyof PublicConfig
>;

/**
 * The part of a configuration (the API's or the site's) that a page may carry to the browser: only
 * what the schema marks `browser`. Everything else (salts, secrets, internal addresses) stays on the server.
 */
export function publicConfig(config: PublicConfig): PublicConfig {
  const picked: Record<string, unknown> = {};
  for (const field of browserFields) {
    const value: unknown = config[field];
    picked[field] = Array.isArray(value) ? [...value] : value;
  }
  return picked as PublicConfig;
}
