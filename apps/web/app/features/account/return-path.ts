import { siteBase, siteBasePath } from "@davmu/contracts/site-path";

/**
 * Where /auth sends the visitor back after logging in: a path of this site only (its own pages,
 * under /davmu/share/ or given without it), never another origin, a protocol-relative `//host`, a
 * backslash trick or a script URL; anything else is the home page.
 */
export function safeReturnPath(given: string | null): string {
  if (!given || given.length > 1000) return "/";
  let path = given;
  if (path === siteBasePath || path.startsWith(siteBase)) path = `/${path.slice(siteBase.length)}`;
  if (!path.startsWith("/") || path.startsWith("//") || /[\\\s]/.test(path)) return "/";
  if (/^\/(auth|bar)(\/|\?|$)/.test(path)) return "/";
  return path;
}
