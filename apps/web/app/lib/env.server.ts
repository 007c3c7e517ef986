/** The site's own server-side settings, read once from the environment and validated. */
export interface WebEnv {
  /** Where the site's server reaches the platform API (loopback in the combined process). */
  apiBase: string;
  /** Where visitors' browsers reach the API; "" means the page's own origin. */
  publicApiBase: string;
  hashidSalt: string;
  hashidMinLength: number;
  /** Origins besides the site's own that the link popup may frame (LINK_FRAME_ORIGINS, as the CSP). */
  linkFrameOrigins: string[];
}

function fail(name: string, expected: string, got: string): never {
  throw new Error(`Invalid environment variable ${name}: expected ${expected}, got ${JSON.stringify(got)}`);
}

export function readWebEnv(env: Record<string, string | undefined> = process.env): WebEnv {
  const port = env.PORT || "3000";
  const apiBase = env.API_BASE || `http://127.0.0.1:${port === "0" ? "3000" : port}`;
  if (!/^https?:\/\/[^/]+/.test(apiBase)) fail("API_BASE", "an http(s) URL", apiBase);
  const publicApiBase = env.PUBLIC_API_BASE ?? "";
  if (publicApiBase && !/^https?:\/\/[^/]+/.test(publicApiBase))
    fail("PUBLIC_API_BASE", "an http(s) URL or empty", publicApiBase);
  const minLength = env.HASHID_MIN_LENGTH ? Number(env.HASHID_MIN_LENGTH) : 8;
  if (!Number.isInteger(minLength) || minLength < 0 || minLength > 32) {
    fail("HASHID_MIN_LENGTH", "an integer from 0 to 32", String(env.HASHID_MIN_LENGTH));
  }
  return {
    apiBase: apiBase.replace(/\/+$/, ""),
    publicApiBase: publicApiBase.replace(/\/+$/, ""),
    hashidSalt: env.HASHID_SALT || "davmu-share-development-salt",
    hashidMinLength: minLength,
    linkFrameOrigins: (env.LINK_FRAME_ORIGINS ?? "")
      .split(",")
      .map((origin) => origin.trim().toLowerCase())
      .filter(Boolean),
  };
}

let cached: WebEnv | undefined;
export function webEnv(): WebEnv {
  cached ??= readWebEnv();
  return cached;
}
