import type { OpenAppSettings } from "../lib/open-app-links.ts";
import type { SiteState } from "../lib/site-context.tsx";
import type { Lang } from "../model/i18n/lang.ts";
import type { Messages } from "../model/i18n/messages.ts";

/**
 * What every island's providers need, written once per island page as JSON (`#island-page`) from
 * the root loader's data: the language and its dictionary, the site's state and the public API base.
 */
export interface IslandPage {
  lang: Lang;
  messages: Messages | null;
  initial: SiteState;
  publicApiBase: string;
  statBase?: string;
  /** how the page opens the app (lib/page-settings.tsx) */
  openApp?: OpenAppSettings;
  /** origins a link popup may frame (lib/link-frames.ts) */
  linkFrameOrigins?: readonly string[];
}

/** The island page from the root loader's data and the site's state of the render (handed apart from it). */
export function islandPageFrom(root: unknown, initial: SiteState): IslandPage | null {
  if (root === null || typeof root !== "object") return null;
  const r = root as Partial<IslandPage>;
  if (!r.lang || typeof r.publicApiBase !== "string") return null;
  return {
    lang: r.lang,
    messages: r.messages ?? null,
    initial,
    publicApiBase: r.publicApiBase,
    statBase: r.statBase,
    openApp: r.openApp,
    linkFrameOrigins: r.linkFrameOrigins,
  };
}

/**
 * Routes whose pages load no script: HTML and CSS alone. The desktop wrapper has nothing to answer a
 * click with; the page it frames brings its own scripts. Read by the byte budget too
 * (packages/test-support/src/page-bytes.ts).
 */
export const routesWithoutScripts: ReadonlySet<string> = new Set(["routes/pc"]);
