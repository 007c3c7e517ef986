/**
 * The tree React Router rendered on the server, drawn again for hydration (decision 014): each matched
 * route's component (or its error boundary) inside its parent's, with the props the framework's build
 * gives route components; and the loader helpers a route module's imports need in the browser build.
 */
import { type ComponentType, createElement, type ReactNode, useContext } from "react";
import { RouteIndex, useLoaderData, useMatches, useParams, useRouteError } from "./hooks.ts";
import { matchedModules, useRouterState } from "./store.ts";

function RouteLevel({ index }: { index: number }) {
  const { page } = useRouterState();
  const route = page.routes[index];
  const module = matchedModules()[index];
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
