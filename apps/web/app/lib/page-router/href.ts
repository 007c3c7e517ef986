/**
 * The page router's hrefs (decision 014): what React Router's `useHref` makes of a `to` inside the
 * site, with the site's base, so links and forms render React Router's server markup.
 */
import { siteBase } from "@davmu/contracts/site-path";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}
export type Path = Partial<Pick<Location, "pathname" | "search" | "hash">>;
export type To = string | Path;

export const absoluteUrl = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

function parsePath(path: string): Path {
  const parsed: Path = {};
  let rest = path;
  const hashIndex = rest.indexOf("#");
  if (hashIndex >= 0) {
    parsed.hash = rest.slice(hashIndex);
    rest = rest.slice(0, hashIndex);
  }
  const searchIndex = rest.indexOf("?");
  if (searchIndex >= 0) {
    parsed.search = rest.slice(searchIndex);
    rest = rest.slice(0, searchIndex);
  }
  if (rest) parsed.pathname = rest;
  return parsed;
}

function resolvePathname(relative: string, from: string): string {
  const segments = from.replace(/\/+$/, "").split("/");
  for (const segment of relative.split("/")) {
    if (segment === "..") {
      if (segments.length > 1) segments.pop();
    } else if (segment !== ".") segments.push(segment);
  }
  return segments.length > 1 ? segments.join("/") : "/";
}

export function joinBase(pathname: string): string {
  return pathname === "/" ? siteBase : `${siteBase}/${pathname}`.replace(/\/\/+/g, "/");
}

function withQuery(search = "", hash = ""): string {
  return (
    (search && search !== "?" ? (search.startsWith("?") ? search : `?${search}`) : "") +
    (hash && hash !== "#" ? (hash.startsWith("#") ? hash : `#${hash}`) : "")
  );
}

/** The href of `to` from `pathname` (a path inside the site), with the site's base. */
export function createHref(to: To, pathname: string): string {
  const path = typeof to === "string" ? parsePath(to) : to;
  const empty = to === "" || path.pathname === "";
  let resolved = pathname;
  if (empty) resolved = pathname;
  else if (path.pathname?.startsWith("/")) resolved = resolvePathname(path.pathname, "");
  else if (path.pathname) resolved = resolvePathname(path.pathname, pathname);
  if (empty && pathname.endsWith("/") && !resolved.endsWith("/")) resolved += "/";
  return joinBase(resolved) + withQuery(path.search, path.hash);
}
