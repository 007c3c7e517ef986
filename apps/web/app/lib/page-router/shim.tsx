/**
 * What the browser build gets for `import … from "react-router"` (vite.config.ts, decision 014): the
 * few parts of React Router the site's components use, rendering the same markup React Router renders
 * on the server, over the page data the server hands over (page-data.ts) instead of a client router.
 * Links are plain links (every page is a document load); `navigate()` to the same path with another
 * query (加载更多) fetches that page and takes its data, as React Router would run its loader.
 */
import { siteBase } from "@davmu/contracts/site-path";
import {
  type AnchorHTMLAttributes,
  Component,
  type ComponentType,
  createContext,
  createElement,
  type FormHTMLAttributes,
  forwardRef,
  type ReactNode,
  use,
  useContext,
  useMemo,
  useSyncExternalStore,
} from "react";
import { type PageData, type PageError, pageDataFromHtml } from "./page-data.ts";

export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  key: string;
}
type Path = Partial<Pick<Location, "pathname" | "search" | "hash">>;
type To = string | Path;

interface RouteModule {
  default?: ComponentType<Record<string, unknown>>;
  ErrorBoundary?: ComponentType<Record<string, unknown>>;
  Layout?: ComponentType<{ children: ReactNode }>;
}

interface RouterState {
  page: PageData;
  location: Location;
  navigation: "idle" | "loading";
}

// ---- the page's state: one store, so navigate() works outside components too

let modules: RouteModule[] = [];
let state: RouterState;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};
const getState = () => state;
function setState(next: RouterState) {
  state = next;
  for (const listener of listeners) listener();
}

/** React Router's stripBasename: the path inside the site, or null outside it. */
function stripBasename(pathname: string, basename = siteBase): string | null {
  if (basename === "/") return pathname;
  if (!pathname.toLowerCase().startsWith(basename.toLowerCase())) {
    return pathname.toLowerCase() === basename.slice(0, -1).toLowerCase() ? "/" : null;
  }
  const start = basename.endsWith("/") ? basename.length - 1 : basename.length;
  const next = pathname.charAt(start);
  if (next && next !== "/") return null;
  return pathname.slice(start) || "/";
}

function windowLocation(): Location {
  const { pathname, search, hash } = window.location;
  return { pathname: stripBasename(pathname) ?? pathname, search, hash, state: null, key: "default" };
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

// ---- hrefs, as React Router's useHref makes them

const absoluteUrl = /^(?:[a-z][a-z0-9+.-]*:|\/\/)/i;

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

function joinBase(pathname: string): string {
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

// ---- hooks and components the site uses

const RouteIndex = createContext(0);

function useRouterState(): RouterState {
  return useSyncExternalStore(subscribe, getState, getState);
}

export function useLocation(): Location {
  return useRouterState().location;
}

export function useNavigation(): { state: "idle" | "loading" } {
  const navigation = useRouterState().navigation;
  return useMemo(() => ({ state: navigation }), [navigation]);
}

export function useRouteLoaderData<T = unknown>(routeId: string): T | undefined {
  return useRouterState().page.loaderData[routeId] as T | undefined;
}

function useRoute() {
  const index = useContext(RouteIndex);
  const page = useRouterState().page;
  return { route: page.routes[index], page };
}

export function useLoaderData<T = unknown>(): T {
  const { route, page } = useRoute();
  return (route ? page.loaderData[route.id] : undefined) as T;
}

export function useParams(): Record<string, string | undefined> {
  return useRoute().route?.params ?? {};
}

export function useMatches() {
  const page = useRouterState().page;
  return page.routes.map((r) => ({
    id: r.id,
    pathname: r.pathname,
    params: r.params,
    data: page.loaderData[r.id],
    handle: undefined,
    loaderData: page.loaderData[r.id],
  }));
}

class ErrorResponse {
  status: number;
  statusText: string;
  data: unknown;
  internal: boolean;
  constructor(status: number, statusText: string, data: unknown, internal = false) {
    this.status = status;
    this.statusText = statusText;
    this.data = data;
    this.internal = internal;
  }
}

function revive(error: PageError): unknown {
  return error.kind === "response"
    ? new ErrorResponse(error.status, error.statusText, error.data, error.internal)
    : new Error(error.message);
}

export function useRouteError(): unknown {
  const { route, page } = useRoute();
  const error = route && page.errors?.[route.id];
  return error ? revive(error) : undefined;
}

export function isRouteErrorResponse(error: unknown): error is ErrorResponse {
  const e = error as Partial<ErrorResponse> | null;
  return (
    e != null &&
    typeof e.status === "number" &&
    typeof e.statusText === "string" &&
    typeof e.internal === "boolean" &&
    "data" in e
  );
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

export function useNavigate(): typeof navigate {
  return navigate;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | string) => Promise<void>] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, (next) => navigate(`?${new URLSearchParams(next).toString()}`)];
}

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  discover?: "render" | "none";
  prefetch?: string;
  reloadDocument?: boolean;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  relative?: string;
  viewTransition?: boolean;
};

/** React Router's `<Link>` markup (href with the base, data-discover); a click is the browser's own. */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    to,
    discover = "render",
    prefetch: _prefetch,
    reloadDocument: _reload,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    ...rest
  },
  ref,
) {
  const { pathname } = useLocation();
  const absolute = typeof to === "string" && absoluteUrl.test(to);
  return (
    <a
      {...rest}
      href={absolute ? (to as string) : createHref(to, pathname)}
      ref={ref}
      data-discover={!absolute && discover === "render" ? "true" : undefined}
    />
  );
});

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "action"> & {
  action?: string;
  discover?: "render" | "none";
  reloadDocument?: boolean;
  replace?: boolean;
  preventScrollReset?: boolean;
  navigate?: boolean;
};

/** React Router's `<Form>` markup; submitting is the browser's own (a document load). */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(
  {
    method = "get",
    action,
    discover = "render",
    reloadDocument: _reload,
    replace: _replace,
    preventScrollReset: _preventScrollReset,
    navigate: _navigate,
    ...props
  },
  ref,
) {
  const { pathname, search } = useLocation();
  const absolute = typeof action === "string" && absoluteUrl.test(action);
  const formAction = absolute ? action : createHref(action ?? `${pathname}${search}`, pathname);
  return (
    <form
      ref={ref}
      method={method.toLowerCase() === "get" ? "get" : "post"}
      action={formAction}
      {...props}
      data-discover={!absolute && discover === "render" ? "true" : undefined}
    />
  );
});

class AwaitBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Resolved<T>(props: { resolve: T | Promise<T>; children: ReactNode | ((value: T) => ReactNode) }) {
  const { resolve, children } = props;
  const value =
    resolve !== null && typeof resolve === "object" && typeof (resolve as Promise<T>).then === "function"
      ? use(resolve as Promise<T>)
      : (resolve as T);
  return <>{typeof children === "function" ? children(value) : children}</>;
}

/** A deferred value, suspending until it settles; `errorElement` when it fails. */
export function Await<T>(props: {
  resolve: T | Promise<T>;
  errorElement?: ReactNode;
  children: ReactNode | ((value: T) => ReactNode);
}) {
  return (
    <AwaitBoundary fallback={props.errorElement ?? null}>
      <Resolved resolve={props.resolve}>{props.children}</Resolved>
    </AwaitBoundary>
  );
}

/** The head's tags stay as the server rendered them: pages never change in place. */
export function Meta() {
  return null;
}
export function Links() {
  return null;
}

function RouteLevel({ index }: { index: number }) {
  const { page } = useRouterState();
  const route = page.routes[index];
  const module = modules[index];
  if (!route || !module) return null;
  const failed = page.errors?.[route.id] !== undefined;
  const View = failed ? module.ErrorBoundary : module.default;
  let element: ReactNode = View ? <View /> : <Outlet />;
  if (module.Layout) element = <module.Layout>{element}</module.Layout>;
  return <RouteIndex.Provider value={index}>{element}</RouteIndex.Provider>;
}

export function Outlet() {
  const index = useContext(RouteIndex);
  const { page } = useRouterState();
  const route = page.routes[index];
  if (route && page.errors?.[route.id] !== undefined) return null;
  return <RouteLevel index={index + 1} />;
}

/** The tree React Router rendered on the server: the root's layout around the matched routes. */
export function PageRoot() {
  return <RouteLevel index={0} />;
}

// ---- route component props, as the framework's build wraps route modules' components

type View = ComponentType<Record<string, unknown>>;

function RouteProps({ View, kind }: { View: View; kind: "component" | "error" | "fallback" }) {
  const params = useParams();
  const loaderData = useLoaderData();
  const matches = useMatches();
  const error = useRouteError();
  const props: Record<string, unknown> = { params, loaderData, actionData: undefined };
  if (kind === "component") props.matches = matches;
  if (kind === "error") props.error = error;
  return createElement(View, props);
}

export function UNSAFE_withComponentProps(View: View) {
  return function WithComponentProps() {
    return <RouteProps View={View} kind="component" />;
  };
}

export function UNSAFE_withErrorBoundaryProps(View: View) {
  return function WithErrorBoundaryProps() {
    return <RouteProps View={View} kind="error" />;
  };
}

export function UNSAFE_withHydrateFallbackProps(View: View) {
  return function WithHydrateFallbackProps() {
    return <RouteProps View={View} kind="fallback" />;
  };
}

// loaders run only on the server; these keep a route module's imports resolvable in the browser build
export function data<T>(value: T): T {
  return value;
}
export function redirect(url: string): Response {
  return new Response(null, { status: 302, headers: { location: url } });
}
