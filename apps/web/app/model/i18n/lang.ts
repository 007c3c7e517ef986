/** The visitor's language: the `i18n_redirected` cookie (spec §3), zh-CN when absent or unknown. */
export const languages = ["zh-CN", "en"] as const;
export type Lang = (typeof languages)[number];
export const defaultLang: Lang = "zh-CN";

export const langCookieName = "i18n_redirected";
/** 365 days, in seconds (spec §9). */
export const langCookieMaxAge = 365 * 24 * 60 * 60;

/** The value of one cookie in a Cookie header, or null. */
export function readCookie(header: string | null | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(eq + 1).trim());
    } catch {
      return null;
    }
  }
  return null;
}

export function toLang(value: string | null | undefined): Lang {
  if (!value) return defaultLang;
  const lower = value.toLowerCase();
  if (lower === "en" || lower.startsWith("en-")) return "en";
  return defaultLang;
}

export function langFromCookieHeader(header: string | null | undefined): Lang {
  return toLang(readCookie(header, langCookieName));
}

/** The language a request asks for, by its cookie: what loaders format dates, counts and tags in. */
export function requestLang(request: Request): Lang {
  return langFromCookieHeader(request.headers.get("cookie"));
}

/** The Set-Cookie / document.cookie text that keeps a language for a year, for the whole site. */
export function langCookie(lang: Lang, path: string): string {
  return `${langCookieName}=${lang}; Max-Age=${langCookieMaxAge}; Path=${path}; SameSite=Lax`;
}
