import { readCookie } from "../model/i18n/lang.ts";

/**
 * Dark mode (R-SITE-13): the visitor's choice in the `davmu_theme` cookie (365 days), else the
 * system's prefers-color-scheme. The server reads the cookie, so a chosen scheme renders without a
 * flash; with no choice CSS and <picture> follow the system on their own.
 */
export type ColorScheme = "light" | "dark";
export const schemeCookieName = "davmu_theme";
export const schemeCookieMaxAge = 365 * 24 * 60 * 60;

export function schemeFromCookieHeader(header: string | null | undefined): ColorScheme | null {
  const value = readCookie(header, schemeCookieName);
  return value === "dark" || value === "light" ? value : null;
}

/**
 * The choice the server drew the page in (`<html data-theme>`, from the cookie), read in the browser:
 * what an island has in place of the root loader's data. Undefined on the server or with no choice.
 */
export function schemeOfDocument(): ColorScheme | undefined {
  if (typeof document === "undefined") return undefined;
  const value = document.documentElement.getAttribute("data-theme");
  return value === "dark" || value === "light" ? value : undefined;
}

/** Cookie text for a choice; `null` (follow the system) expires the cookie. */
export function schemeCookie(scheme: ColorScheme | null, path: string): string {
  return scheme
    ? `${schemeCookieName}=${scheme}; Max-Age=${schemeCookieMaxAge}; Path=${path}; SameSite=Lax`
    : `${schemeCookieName}=; Max-Age=0; Path=${path}; SameSite=Lax`;
}

/** Whether the page is dark: the choice, else the system preference. */
export function isDark(scheme: ColorScheme | null, systemDark: boolean): boolean {
  return scheme ? scheme === "dark" : systemDark;
}

/** The next state of the panel's switch: off→on→system is avoided; it flips the effective scheme. */
export function toggledScheme(scheme: ColorScheme | null, systemDark: boolean): ColorScheme {
  return isDark(scheme, systemDark) ? "light" : "dark";
}
