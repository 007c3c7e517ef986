import { siteBase, siteBasePath } from "@davmu/contracts/site-path";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import {
  readableThemeColor,
  readableThemeColorOnDark,
  resolveSite,
  type SiteView,
  type ThemeView,
} from "../model/site.ts";
import { browserApi } from "./browser-api.ts";
import { shouldUsePcWrapper } from "./device.ts";
import { startup } from "./startup.ts";

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

/** Delay before the site config is read again after the page mounts (spec §4). */
export const siteConfigReReadMs = 500;

/** Desktop visitors are sent to the phone-framed /pc page, unless this page is already inside it. */
function redirectDesktop() {
  const framed = window.self !== window.top;
  const onPc = window.location.pathname.replace(/\/+$/, "") === `${siteBase}pc`;
  const viewport = { width: window.innerWidth, height: window.innerHeight };
  if (!framed && !onPc && shouldUsePcWrapper(navigator.userAgent, viewport)) {
    const inner = window.location.pathname.slice(siteBasePath.length) + window.location.search;
    window.location.replace(`${siteBase}pc?url=${encodeURIComponent(inner)}`);
  }
}

export function SiteProvider(props: { initial: SiteState; publicApiBase: string; children: ReactNode }) {
  const [state, setState] = useState(props.initial);
  const { publicApiBase } = props;

  useEffect(() => {
    redirectDesktop();
    const { client, values } = browserApi(publicApiBase);
    values.deviceMeta();
    const booted = startup(client, values)
      .then((theme) => {
        if (theme) setState((s) => ({ ...s, theme }));
      })
      .catch((error) => console.warn("startup failed:", error));
    const timer = window.setTimeout(() => {
      void booted
        .then(() => client.siteConfig())
        .then((answer) => {
          if (answer.code === 0) setState((s) => ({ ...s, site: resolveSite(answer.data) }));
        })
        .catch((error) => console.warn("site config re-read failed:", error));
    }, siteConfigReReadMs);
    return () => window.clearTimeout(timer);
  }, [publicApiBase]);

  useEffect(() => {
    document.documentElement.style.setProperty("--theme", state.theme.primaryColor);
    document.documentElement.style.setProperty("--theme-text", readableThemeColor(state.theme.primaryColor));
    document.documentElement.style.setProperty("--theme-ink-dark", readableThemeColorOnDark(state.theme.primaryColor));
  }, [state.theme.primaryColor]);

  return <SiteContext.Provider value={state}>{props.children}</SiteContext.Provider>;
}
