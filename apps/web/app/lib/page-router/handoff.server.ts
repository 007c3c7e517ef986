import islandBoot from "virtual:davmu/island-boot";
import { type EntryContext, isRouteErrorResponse } from "react-router";
import { islandPageFrom } from "../../islands/page.ts";
import type { PageHandoff } from "./PageScripts.tsx";
import { type PageData, type PageError, routesWithoutScripts } from "./page-data.ts";

function pageError(error: unknown): PageError {
  if (isRouteErrorResponse(error)) {
    const { status, statusText, data } = error;
    return {
      kind: "response",
      status,
      statusText,
      data,
      internal: (error as { internal?: boolean }).internal === true,
    };
  }
  // as React Router does in production: the message of an unexpected error stays on the server
  return {
    kind: "error",
    message: import.meta.env.DEV && error instanceof Error ? error.message : "Unexpected Server Error",
  };
}

/**
 * What the root layout puts at the end of the page (PageScripts) so the browser can hydrate it without
 * React Router's client: the routes React Router matched on the server up to the one whose error
 * boundary draws the page, their loaders' data and errors, the hydration entry and every module the
 * page imports (preloaded so none waits for another). Nothing for a page of a route without scripts
 * (`routesWithoutScripts`): it is served as HTML and CSS alone.
 */
export function pageHandoff(context: EntryContext, nonce: string | undefined): PageHandoff | null {
  const { staticHandlerContext: state, manifest } = context;
  if (state.matches.some((match) => routesWithoutScripts.has(match.route.id))) return null;
  const island = islandPageHandoff(context);
  if (island) return { data: null, island, entry: islandBoot, preload: [], nonce };
  const errors = state.errors
    ? Object.fromEntries(Object.entries(state.errors).map(([id, e]) => [id, pageError(e)]))
    : null;
  const routes: PageData["routes"] = [];
  const preload = new Set<string>(manifest.entry.imports);
  for (const match of state.matches) {
    const route = manifest.routes[match.route.id];
    if (!route) break;
    routes.push({ id: route.id, module: route.module, params: { ...match.params }, pathname: match.pathname });
    preload.add(route.module);
    for (const i of route.imports ?? []) preload.add(i);
    if (errors && route.id in errors) break;
  }
  preload.delete(manifest.entry.module);
  const loaderData: Record<string, unknown> = {};
  for (const route of routes) if (route.id in state.loaderData) loaderData[route.id] = state.loaderData[route.id];
  return {
    data: { routes, loaderData, errors },
    island: null,
    entry: manifest.entry.module,
    preload: [...preload],
    nonce,
  };
}

/** Whether a route's module says its pages are island pages (`handle: { islands: true }`, decision 053). */
export function isIslandHandle(handle: unknown): boolean {
  return handle !== null && typeof handle === "object" && (handle as { islands?: unknown }).islands === true;
}

/**
 * An island page (decisions 053, 058): a matched route's handle says `islands: true`, or an error
 * draws the page (the root's error page, whose one control is an island). Editors' previews (their
 * bar is an island) and pages in the mini program (its router control is one) are island pages as
 * any other. The root loader's data gives what every island's providers need; React Router's data
 * hand-off and the whole-page hydration are not sent.
 */
export function islandPageHandoff(context: EntryContext): ReturnType<typeof islandPageFrom> {
  const { staticHandlerContext: state, routeModules } = context;
  const islands =
    state.errors !== null || state.matches.some((match) => isIslandHandle(routeModules[match.route.id]?.handle));
  return islands ? islandPageFrom(state.loaderData.root) : null;
}
