import { useEffect, useState } from "react";
import { type ColorScheme, isDark } from "./color-scheme.ts";
import { wakeIsland } from "./events.ts";
import { useExternalState } from "./hydrated.ts";
import { usePageSettings } from "./page-settings.tsx";

/**
 * The page's colour scheme for the parts that draw it themselves (nav icons and labels, the nav
 * panel's switch): the visitor's choice from the page's settings (its cookie; in an island, the page's
 * `data-theme`, drawn from it) or made on this page, else the system's. Only the navigation imports this, so content pages do not carry it.
 */
let chosenHere: ColorScheme | undefined;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
};

const darkQuery = "(prefers-color-scheme: dark)";

export function useColorScheme() {
  const settings = usePageSettings();
  const choice = useExternalState(
    subscribe,
    () => chosenHere,
    () => undefined,
  );
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

  const scheme = choice ?? settings.scheme;
  return {
    /** The visitor's choice; null follows the system. */
    scheme,
    /** Whether the page is dark now. False on the server when no choice was made. */
    dark: isDark(scheme, systemDark),
    /** Shows a scheme now; the nav panel keeps the choice in its cookie. */
    setScheme(next: ColorScheme) {
      chosenHere = next;
      for (const listener of listeners) listener();
      // the bottom bar draws its icons in the scheme: on an island page it wakes to follow it
      wakeIsland("nav-bar");
    },
  };
}
