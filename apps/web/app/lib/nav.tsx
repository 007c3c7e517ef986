/**
 * The site's own links and page address for components (decision 058). Every page of the site is a
 * document load: a link is a plain `<a>` with the site's base, and what a component reads of the
 * address (the path inside the site, the query) comes from a context the page provides — on the
 * server the root layout, from the request React Router matched; in the browser an island's host,
 * from the window. Nothing here imports React Router, so an island that shows a link or reads the
 * query loads no router in the browser.
 */
import { siteBase } from "@davmu/contracts/site-path";
import { type AnchorHTMLAttributes, createContext, type ReactNode, type Ref, useContext, useMemo } from "react";

/** The page's address inside the site: its path without the site's base, and its query (`?…` or ""). */
export interface PageUrl {
  pathname: string;
  search: string;
}

const absoluteUrl = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

/** The path inside the site of a path of the document, or null for a path outside the site. */
export function pathInSite(pathname: string, base = siteBase): string | null {
  if (base === "/") return pathname;
  const lower = pathname.toLowerCase();
  const baseLower = base.toLowerCase();
  if (lower === baseLower.replace(/\/$/, "")) return "/";
  if (!lower.startsWith(baseLower.endsWith("/") ? baseLower : `${baseLower}/`)) return null;
  return pathname.slice(base.endsWith("/") ? base.length - 1 : base.length) || "/";
}

/**
 * The document's address of a link inside the site: `to` is a path from the site's root ("/",
 * "/search/index.html?keyword=…", "/dejin/tip/index.html#form"), written with the site's base, or a
 * query or fragment of the page at `pathname` ("?tab=…": the same page with another query); an
 * absolute URL (scheme or `//`) is left as it is.
 */
export function sitePath(to: string, pathname?: string, base = siteBase): string {
  if (absoluteUrl.test(to)) return to;
  if ((to.startsWith("?") || to.startsWith("#")) && pathname !== undefined)
    return sitePath(pathname, undefined, base) + to;
  if (!to.startsWith("/")) throw new Error(`not a site path: ${to}`);
  const cut = to.search(/[?#]/);
  const path = cut < 0 ? to : to.slice(0, cut);
  const rest = cut < 0 ? "" : to.slice(cut);
  const joined = path === "/" ? base : `${base}/${path}`.replace(/\/\/+/g, "/");
  return joined + rest;
}

export const PageUrlContext = createContext<PageUrl | null>(null);

/** The window's address inside the site (an island in the browser, where no page provides one). */
export function windowPageUrl(): PageUrl {
  const { pathname, search } = window.location;
  return { pathname: pathInSite(pathname) ?? pathname, search };
}

/** Provides the page's address to the components below (the root layout on the server). */
export function PageUrlProvider(props: { value: PageUrl; children: ReactNode }) {
  return <PageUrlContext.Provider value={props.value}>{props.children}</PageUrlContext.Provider>;
}

/** The page's address inside the site: the provider's, or the window's in the browser. */
export function usePageUrl(): PageUrl {
  const provided = useContext(PageUrlContext);
  if (provided) return provided;
  if (typeof window !== "undefined") return windowPageUrl();
  throw new Error("no page address");
}

/** The page's query. */
export function useQuery(): URLSearchParams {
  const { search } = usePageUrl();
  return useMemo(() => new URLSearchParams(search), [search]);
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & { to: string; ref?: Ref<HTMLAnchorElement> };

/**
 * A link to a page of the site, to the same page with another query, or to an absolute URL: a plain
 * anchor the browser follows itself.
 */
export function Link({ to, ...rest }: LinkProps) {
  const page = useContext(PageUrlContext);
  const relative = to.startsWith("?") || to.startsWith("#");
  const pathname = relative ? (page ?? (typeof window !== "undefined" ? windowPageUrl() : null))?.pathname : undefined;
  return <a {...rest} href={sitePath(to, pathname)} />;
}
