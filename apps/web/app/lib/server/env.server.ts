import { loadSiteConfig, type PublicConfig, publicConfig, type SiteConfig } from "@davmu/config/site";

/**
 * The site's own server-side settings, read once from the environment through the schema the API
 * reads too (packages/config): the same checks, so production refuses the development salt here as well.
 */
export type WebEnv = SiteConfig;

export function readWebEnv(env: Record<string, string | undefined> = process.env): WebEnv {
  return loadSiteConfig(env);
}

let cached: WebEnv | undefined;
export function webEnv(): WebEnv {
  cached ??= readWebEnv();
  return cached;
}

let browserCached: { from: WebEnv; picked: PublicConfig } | undefined;

/**
 * What of the settings pages may carry to the browser: only what the schema marks `browser`. Picked
 * once from the settings (read once too), so every render hands on the same object.
 */
export function browserEnv(): PublicConfig {
  const env = webEnv();
  if (browserCached?.from !== env) browserCached = { from: env, picked: Object.freeze(publicConfig(env)) };
  return browserCached.picked;
}
