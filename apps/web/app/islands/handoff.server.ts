import islandBoot from "virtual:davmu/island-boot";
import type { EntryContext } from "react-router";
import { browserEnv } from "../lib/server/env.server.ts";
import { parseAppInfo, resolveSite } from "../model/site.ts";
import type { PageHandoff } from "./PageScripts.tsx";
import { type IslandPage, islandPageFrom, routesWithoutScripts } from "./page.ts";

/**
 * What an error page's islands get when the root's loader itself failed: the site's defaults (the
 * page says it cannot be shown; its one control is 重新加载).
 */
function fallbackIslandPage(): IslandPage {
  const { publicApiBase, statBase } = browserEnv();
  return {
    lang: "zh-CN",
    messages: null,
    initial: { site: resolveSite(null), theme: parseAppInfo(null) },
    publicApiBase,
    statBase,
  };
}

/**
 * What the root layout puts at the end of the page (PageScripts, decisions 053, 058): every page
 * is an island page. The root loader's data gives what every island's providers need; the route
 * modules, React Router's data hand-off and its client are never sent. Nothing for a route without
 * scripts.
 */
export function pageHandoff(context: EntryContext, nonce: string | undefined): PageHandoff | null {
  const { staticHandlerContext: state } = context;
  if (state.matches.some((match) => routesWithoutScripts.has(match.route.id))) return null;
  const island = islandPageFrom(state.loaderData.root) ?? fallbackIslandPage();
  return { island, entry: islandBoot, nonce };
}
