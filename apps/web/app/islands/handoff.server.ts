import islandBoot from "virtual:davmu/island-boot";
import type { EntryContext } from "react-router";
import { jsonForScript } from "../lib/json-script.ts";
import { browserEnv } from "../lib/server/env.server.ts";
import type { SiteState } from "../lib/site-context.tsx";
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
export function pageHandoff(
  context: EntryContext,
  siteState: SiteState | null,
  nonce: string | undefined,
): PageHandoff | null {
  const { staticHandlerContext: state } = context;
  if (state.matches.some((match) => routesWithoutScripts.has(match.route.id))) return null;
  const island = (siteState && islandPageFrom(state.loaderData.root, siteState)) ?? fallbackIslandPage();
  return { island, islandJson: islandPageJson(island), entry: islandBoot, nonce };
}

/** The island pages written lately, by their site state (the root loader keeps one per pair of shared answers). */
const written = new WeakMap<IslandPage["initial"], { page: IslandPage; json: string }[]>();
/** Versions kept per site state: one per language and dictionary is all a site has. */
const writtenPerState = 4;

const samePage = (a: IslandPage, b: IslandPage) =>
  a.lang === b.lang &&
  a.messages === b.messages &&
  a.initial === b.initial &&
  a.publicApiBase === b.publicApiBase &&
  a.statBase === b.statBase &&
  a.openApp === b.openApp &&
  a.linkFrameOrigins === b.linkFrameOrigins;

/**
 * The island page as JSON, written once for every page that hands on the same values: every member
 * is one of the root loader's shared objects (the site state made once per pair of shared answers,
 * the settings read once, a language's dictionary), so a page is compared member by member, by
 * identity, and the text is reused.
 */
export function islandPageJson(page: IslandPage): string {
  const kept = written.get(page.initial) ?? [];
  const found = kept.find((entry) => samePage(entry.page, page));
  if (found) return found.json;
  const json = jsonForScript(page);
  if (kept.length >= writtenPerState) kept.shift();
  kept.push({ page, json });
  written.set(page.initial, kept);
  return json;
}
