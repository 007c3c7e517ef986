import { siteBase } from "@davmu/contracts/site-path";
import { type ComponentType, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { installChunkReload } from "../lib/chunk-reload.ts";
import { wantsDebugConsole } from "../lib/debug-capture.ts";
import { prefetchVisibleLinks, whenIdle } from "../lib/prefetch.ts";
import { registerServiceWorker } from "../lib/service-worker.ts";
import { useSite } from "../lib/site-context.tsx";

/**
 * What every page does in the browser once loaded: reload on a failed chunk (once a minute at most),
 * register the service worker, prefetch the share links in view when idle, and, only when the site
 * config's `debug` flag is on, fetch and open the debug console.
 */
export function SiteEffects() {
  const { pathname, search } = useLocation();
  const { site } = useSite();
  const [Debug, setDebug] = useState<ComponentType | null>(null);

  useEffect(() => {
    const uninstall = installChunkReload();
    registerServiceWorker();
    return uninstall;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each page (path and query) gets its own look for links
  useEffect(() => whenIdle(() => prefetchVisibleLinks(siteBase)), [pathname, search]);

  useEffect(() => {
    if (!wantsDebugConsole(site) || Debug) return;
    import("./DebugConsole.tsx")
      .then((m) => setDebug(() => m.DebugConsole))
      .catch((error) => console.warn("debug console failed to load:", error));
  }, [site, Debug]);

  return Debug ? <Debug /> : null;
}
