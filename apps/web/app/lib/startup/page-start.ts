import type { SiteConfig } from "@davmu/contracts/app";
import { siteBase } from "@davmu/contracts/site-path";
import {
  readableThemeColor,
  readableThemeColorOnDark,
  resolveSite,
  type SiteView,
  type ThemeView,
} from "../../model/site.ts";
import { browserApi } from "../browser-api.ts";
import { prefetchIdleTimeoutMs } from "./prefetch-timing.ts";
import { startup } from "./startup.ts";

/**
 * What every page does in the browser as it starts, with no React: the page's start-up
 * (islands/page-effects.ts) calls these.
 */

/** Delay before the site config is read again after the page starts (spec §4). */
export const siteConfigReReadMs = 500;

/** The theme colour and its readable inks on the page's root element. */
export function applyThemeColor(color: string): void {
  const style = document.documentElement.style;
  style.setProperty("--theme", color);
  style.setProperty("--theme-text", readableThemeColor(color));
  style.setProperty("--theme-ink-dark", readableThemeColorOnDark(color));
}

/**
 * The site's start-up in the browser: the device's details, an anonymous token and the app info
 * (its theme), then the site config read again; each answer handed to the caller. Answers how to
 * cancel the re-read.
 */
export function startSite(
  publicApiBase: string,
  on: { theme(theme: ThemeView): void; site(site: SiteView, config: SiteConfig): void },
): () => void {
  const { client, values } = browserApi(publicApiBase);
  values.deviceMeta();
  const booted = startup(client, values)
    .then((theme) => {
      if (theme) on.theme(theme);
    })
    .catch((error) => console.warn("startup failed:", error));
  const timer = window.setTimeout(() => {
    void booted
      .then(() => client.siteConfig())
      .then((answer) => {
        if (answer.code === 0) on.site(resolveSite(answer.data), answer.data);
      })
      .catch((error) => console.warn("site config re-read failed:", error));
  }, siteConfigReReadMs);
  return () => window.clearTimeout(timer);
}

type IdleWindow = Window & { requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number };

/**
 * Once the browser is idle (lib/startup/site-idle.ts, fetched then): the chunk-reload guard and the service
 * worker (once a page), then the share links in view prefetched. Answers how to cancel it.
 */
export function schedulePageIdleWork(base: string = siteBase): () => void {
  let cancelled = false;
  const run = () => {
    if (cancelled) return;
    import("./site-idle.ts").then((m) => m.onIdle(base)).catch((error) => console.info("idle work skipped:", error));
  };
  const win = window as IdleWindow;
  if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(run, { timeout: prefetchIdleTimeoutMs });
  else window.setTimeout(run, 1);
  return () => {
    cancelled = true;
  };
}
