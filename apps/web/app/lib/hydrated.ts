import { createContext, useContext, useSyncExternalStore } from "react";

/**
 * Whether the render under way must draw what the server drew: always on the server, and in the
 * browser during an island's first render, which adopts the server's markup (islands/hydrate.tsx
 * provides `false` once that render has committed). The browser's renderer is not asked to honour
 * `useSyncExternalStore`'s server snapshot (Preact's compat layer ignores it, decision 070), so the
 * site says itself when a render is the hydrating one.
 */
export const HydratingContext = createContext(true);

/** False while rendering on the server and hydrating; true once the island has hydrated in the browser. */
export function useHydrated(): boolean {
  return !useContext(HydratingContext);
}

/**
 * A store outside React, read as `useSyncExternalStore` reads it, but the server's value
 * (`serverValue`) while hydrating, so that the first render in the browser matches the server's markup
 * and what differs arrives as an update.
 */
export function useExternalState<T>(
  subscribe: (listener: () => void) => () => void,
  value: () => T,
  serverValue: () => T,
): T {
  const current = useSyncExternalStore(subscribe, value, serverValue);
  return useContext(HydratingContext) ? serverValue() : current;
}
