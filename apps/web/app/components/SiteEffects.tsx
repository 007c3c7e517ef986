import { siteBase } from "@davmu/contracts/site-path";
import { type ComponentType, useEffect, useState } from "react";
import { markMiniProgram } from "../lib/mini-program.ts";
import { usePageUrl } from "../lib/nav.tsx";
import { schedulePageIdleWork } from "../lib/page-start.ts";
import { useRouteLoaderData } from "../lib/router.ts";
import { useSite } from "../lib/site-context.tsx";
import { startTracking } from "../lib/tracker-page.ts";
import { wantsDebugConsole } from "../model/site.ts";

/**
 * What every page-router page does in the browser once loaded (an island page does the same without
 * React: islands/page-effects.ts): when idle (lib/site-idle.ts, fetched then) start
 * reloading on a failed chunk (once a minute at most), register the service worker and prefetch the
 * share links in view; and, only when the site config's `debug` flag is on, fetch and open the debug console.
 * Once the page is hydrated, `<html data-hydrated>` says so: its controls answer from then on (the
 * browser tests wait for it; a monitoring script can too).
 */
export function SiteEffects() {
  const { pathname, search } = usePageUrl();
  const debug = wantsDebugConsole(useSite().site);
  const [Debug, setDebug] = useState<ComponentType | null>(null);

  useEffect(() => {
    markMiniProgram();
    document.documentElement.dataset.hydrated = "";
  }, []);

  // reading statistics (R-TRACK-1..5, R-FIELD-3): the tracker starts with the page and sends the
  // view a second later, unless this is a preview or the visitor opted out; the stat base is the
  // configured one (PUBLIC_STAT_BASE)
  const statBase = (useRouteLoaderData("root") as { statBase?: string } | undefined)?.statBase ?? "";
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the stat base does not change
  useEffect(() => startTracking(statBase), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each page (path and query) gets its own look for links
  useEffect(() => schedulePageIdleWork(siteBase), [pathname, search]);

  useEffect(() => {
    if (!debug || Debug) return;
    import("./DebugConsole.tsx")
      .then((m) => setDebug(() => m.DebugConsole))
      .catch((error) => console.warn("debug console failed to load:", error));
  }, [debug, Debug]);

  return Debug ? <Debug /> : null;
}
