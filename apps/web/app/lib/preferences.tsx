import { siteBase } from "@davmu/contracts/site-path";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { type ColorScheme, isDark, schemeCookie } from "./color-scheme.ts";
import { type Lang, langCookie } from "./i18n/lang.ts";

interface Preferences {
  /** The visitor's choice; null follows the system. */
  scheme: ColorScheme | null;
  /** Whether the page is dark now. False on the server when no choice was made. */
  dark: boolean;
  toggleDark(): void;
  /** Keeps the language in the i18n_redirected cookie and reloads the page in it. */
  setLang(lang: Lang): void;
}

const PreferencesContext = createContext<Preferences | null>(null);

export function usePreferences(): Preferences {
  const value = useContext(PreferencesContext);
  if (!value) throw new Error("usePreferences needs a PreferencesProvider");
  return value;
}

const darkQuery = "(prefers-color-scheme: dark)";

export function PreferencesProvider(props: { scheme: ColorScheme | null; children: ReactNode }) {
  const [scheme, setScheme] = useState(props.scheme);
  const [systemDark, setSystemDark] = useState(false);

  useEffect(() => {
    if (typeof window.matchMedia !== "function") return;
    const query = window.matchMedia(darkQuery);
    setSystemDark(query.matches);
    const onChange = () => setSystemDark(query.matches);
    // Safari 12 knows only addListener
    if (typeof query.addEventListener === "function") query.addEventListener("change", onChange);
    else query.addListener(onChange);
    return () => {
      if (typeof query.removeEventListener === "function") query.removeEventListener("change", onChange);
      else query.removeListener(onChange);
    };
  }, []);

  const dark = isDark(scheme, systemDark);
  const toggleDark = useCallback(() => {
    const next: ColorScheme = dark ? "light" : "dark";
    // biome-ignore lint/suspicious/noDocumentCookie: WeChat's Chrome 78 and iOS 12 have no Cookie Store API
    document.cookie = schemeCookie(next, siteBase);
    document.documentElement.setAttribute("data-theme", next);
    setScheme(next);
  }, [dark]);
  const setLang = useCallback((lang: Lang) => {
    // biome-ignore lint/suspicious/noDocumentCookie: WeChat's Chrome 78 and iOS 12 have no Cookie Store API
    document.cookie = langCookie(lang, siteBase);
    window.location.reload();
  }, []);

  const value = useMemo(() => ({ scheme, dark, toggleDark, setLang }), [scheme, dark, toggleDark, setLang]);
  return <PreferencesContext.Provider value={value}>{props.children}</PreferencesContext.Provider>;
}
