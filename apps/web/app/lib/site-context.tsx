import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import type { SiteView, ThemeView } from "../model/site.ts";
import { applyThemeColor, redirectDesktop, startSite } from "./page-start.ts";

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

/** The site's state on a page-router page: the server's, then what the browser's start-up reads (page-start.ts). */
export function SiteProvider(props: { initial: SiteState; publicApiBase: string; children: ReactNode }) {
  const [state, setState] = useState(props.initial);
  const { publicApiBase } = props;

  useEffect(() => {
    redirectDesktop();
    return startSite(publicApiBase, {
      theme: (theme) => setState((s) => ({ ...s, theme })),
      site: (site) => setState((s) => ({ ...s, site })),
    });
  }, [publicApiBase]);

  useEffect(() => applyThemeColor(state.theme.primaryColor), [state.theme.primaryColor]);

  return <SiteContext.Provider value={state}>{props.children}</SiteContext.Provider>;
}
