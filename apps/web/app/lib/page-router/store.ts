/**
 * The page router's state (decision 014): the page the server rendered (its page data), the location
 * and whether an in-page navigation is loading; one store, so `navigate()` works outside components too.
 */
import { type ComponentType, type ReactNode, useSyncExternalStore } from "react";
import { pathInSite } from "../nav.tsx";
import { absoluteUrl, createHref, joinBase, type Location, type To } from "./href.ts";
import { type PageData, pageDataFromHtml } from "./page-data.ts";

export interface RouteModule {
  default?: ComponentType<Record<string, unknown>>;
  ErrorBoundary?: ComponentType<Record<string, unknown>>;
  Layout?: ComponentType<{ children: ReactNode }>;
}

export interface RouterState {
  page: PageData;
  location: Location;
  navigation: "idle" | "loading";
}

let modules: RouteModule[] = [];
let state: RouterState;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
/**
 * An island (decision 053) renders outside any page the router started: it reads an empty page at the
 * window's location (no loader data; a link to another path loads it as a document).
 */
let islandState: RouterState | undefined;
const getState = () => {
  if (state) return state;
  islandState ??= {
    page: { routes: [], loaderData: {}, errors: null },
    location: windowLocation(),
    navigation: "idle",
  };
  return islandState;
};
function setState(next: RouterState) {
  state = next;
  for (const listener of listeners) listener();
}

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname: pathInSite(pathname) ?? pathname, search, hash, state: null, key: "default" };
}

/** Starts the store with the page the server rendered and the route modules it matched. */
export function startPage(page: PageData, routeModules: RouteModule[], location = windowLocation()): void {
  modules = routeModules;
  state = { page, location, navigation: "idle" };
  if (typeof window === "undefined") return;
  window.addEventListener("popstate", () => {
    // an entry this page pushed: show it as a document
    if (window.location.pathname + window.location.search !== currentHref()) window.location.reload();
  });
}

function currentHref() {
  const { pathname, search } = state.location;
  return joinBase(pathname) + search;
}

/** The modules of the matched routes, root first, as the page started with them. */
export function matchedModules(): RouteModule[] {
  return modules;
}

export function useRouterState(): RouterState {
  return useSyncExternalStore(subscribe, getState, getState);
}

export interface NavigateOptions {
  replace?: boolean;
  preventScrollReset?: boolean;
  state?: unknown;
}

/**
 * Another path is a document load. The same path with another query (a list's next page) fetches that
 * page and shows its data in place, like React Router revalidating the route; anything unexpected in
 * the answer (another route, an error, a failed fetch) falls back to loading it as a document.
 */
export async function navigate(to: To | number, options: NavigateOptions = {}): Promise<void> {
  if (typeof to === "number") {
    window.history.go(to);
    return;
  }
  const state = getState();
  const href = typeof to === "string" && absoluteUrl.test(to) ? to : createHref(to, state.location.pathname);
  const url = new URL(href, window.location.href);
  const load = () => (options.replace ? window.location.replace(url.href) : window.location.assign(url.href));
  if (url.origin !== window.location.origin || url.pathname !== window.location.pathname) return load();
  setState({ ...state, navigation: "loading" });
  let page: PageData | null = null;
  try {
    const response = await fetch(url.href, { credentials: "same-origin", headers: { accept: "text/html" } });
    if (response.ok) page = pageDataFromHtml(await response.text());
  } catch (error) {
    console.warn("in-page navigation failed:", error);
  }
  const sameRoutes = page && page.routes.map((r) => r.id).join() === state.page.routes.map((r) => r.id).join();
  if (!page || !sameRoutes || page.errors) return load();
  window.history[options.replace ? "replaceState" : "pushState"](null, "", url.href);
  setState({ page, location: windowLocation(), navigation: "idle" });
  if (!options.preventScrollReset) window.scrollTo(0, 0);
}
