import type { ComponentType } from "react";

/**
 * A component fetched with a dynamic import on first use, so it stays out of the first page load.
 * A failed fetch (a flaky network) is forgotten and tried again next time.
 */
export function lazyComponent<P>(load: () => Promise<ComponentType<P>>) {
  let pending: Promise<ComponentType<P>> | null = null;
  return () => {
    if (!pending) {
      pending = load().catch((error) => {
        pending = null;
        throw error;
      });
    }
    return pending;
  };
}
