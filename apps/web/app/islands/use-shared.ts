import { useExternalState } from "../lib/hydrated.ts";
import { type SharedState, shared } from "./store.ts";

/** One value of the islands' shared store (store.ts); the island renders again when it changes. */
export function useShared<T>(select: (state: SharedState) => T): T {
  return useExternalState(
    shared.subscribe,
    () => select(shared.get()),
    () => select(shared.get()),
  );
}
