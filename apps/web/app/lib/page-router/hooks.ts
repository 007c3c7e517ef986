/**
 * The hooks the site uses (decision 014), answering as React Router's do on the server, over the
 * page router's state.
 */
import { createContext, useContext, useMemo } from "react";
import type { Location } from "./href.ts";
import type { PageError } from "./page-data.ts";
import { navigate, useRouterState } from "./store.ts";

/** The index of the matched route a component renders inside (root 0, then its children). */
export const RouteIndex = createContext(0);

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

/**
 * React Router's route error response. Its fields are set by the constructor alone (`declare`), so
 * the browser build needs no class-field helpers for it.
 */
class ErrorResponse {
  declare status: number;
  declare statusText: string;
  declare data: unknown;
  declare internal: boolean;
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

export function useNavigate(): typeof navigate {
  return navigate;
}

export function useSearchParams(): [URLSearchParams, (next: URLSearchParams | string) => Promise<void>] {
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  return [params, (next) => navigate(`?${new URLSearchParams(next).toString()}`)];
}
