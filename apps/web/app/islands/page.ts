import type { Lang } from "../lib/i18n/lang.ts";
import type { Messages } from "../lib/i18n/messages.ts";
import type { OpenAppSettings } from "../lib/open-app-links.ts";
import type { SiteState } from "../lib/site-context.tsx";

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
}

export function islandPageFrom(root: unknown): IslandPage | null {
  if (root === null || typeof root !== "object") return null;
  const r = root as Partial<IslandPage>;
  if (!r.lang || !r.initial || typeof r.publicApiBase !== "string") return null;
  return {
    lang: r.lang,
    messages: r.messages ?? null,
    initial: r.initial,
    publicApiBase: r.publicApiBase,
    statBase: r.statBase,
    openApp: r.openApp,
  };
}
