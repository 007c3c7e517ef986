import { useSyncExternalStore } from "react";
import { type SharedState, shared } from "./store.ts";

/** One value of the islands' shared store (store.ts); the island renders again when it changes. */
export function useShared<T>(select: (state: SharedState) => T): T {
  return useSyncExternalStore(
    shared.subscribe,
    () => select(shared.get()),
    () => select(shared.get()),
  );
}
