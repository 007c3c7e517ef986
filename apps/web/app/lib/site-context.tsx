import { createContext, type ReactNode, useContext } from "react";
import type { SiteView, ThemeView } from "../model/site.ts";

export interface SiteState {
  site: SiteView;
  theme: ThemeView;
}

export const SiteContext = createContext<SiteState | null>(null);

export function useSite(): SiteState {
  const value = useContext(SiteContext);
  if (!value) throw new Error("useSite needs a SiteProvider");
  return value;
}

/**
 * The site's state while the server draws a page: the root loader's. In the browser each island has
 * the server's, then what the page's start-up read (islands/hydrate.tsx, islands/page-effects.ts).
 */
export function SiteProvider(props: { initial: SiteState; children: ReactNode }) {
  return <SiteContext.Provider value={props.initial}>{props.children}</SiteContext.Provider>;
}
