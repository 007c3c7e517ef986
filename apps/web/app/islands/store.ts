import type { UserInfo } from "@davmu/contracts/account";
import { loginEvent, openAppEvent } from "../lib/events.ts";
import { guideEvent } from "../lib/open-app-state.ts";
import type { SiteState as SiteContextState } from "../lib/site-context.tsx";

/**
 * A tiny external store (no React): islands hydrate as separate React roots, so what they share —
 * the visitor's login state, the requests for the login popup and the open-app dialog — lives here,
 * outside any tree. Islands read it with `useShared` (use-shared.ts); the loader reads it to wake the
 * host island that answers a request (the login popup, the dialog, the toaster). The toast queue is
 * lib/toast.ts, a store of the same shape.
 */
export interface Store<T> {
  get(): T;
  set(patch: Partial<T> | ((state: T) => Partial<T>)): void;
  subscribe(listener: () => void): () => void;
}

export function createStore<T extends object>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(patch) {
      const next = typeof patch === "function" ? patch(state) : patch;
      let changed = false;
      for (const key of Object.keys(next) as Array<keyof T>) if (!Object.is(next[key], state[key])) changed = true;
      if (!changed) return;
      state = { ...state, ...next };
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

export interface SharedState {
  /** the logged-in visitor, null when anonymous or not yet restored */
  user: UserInfo | null;
  /** false until a stored token has been checked */
  restored: boolean;
  /** how many times the login popup was asked for (lib/events.ts `emitLogin`) */
  loginRequests: number;
  /** how many times the open-app dialog was asked for (`emitOpenApp`) */
  openAppRequests: number;
  /** how many times the open-app guide was asked for (lib/open-app-state.ts `showOpenAppGuide`) */
  guideRequests: number;
  /** the site's state as the browser's start-up read it (page-effects.ts); null until then */
  site: SiteContextState | null;
}

export const shared = createStore<SharedState>({
  user: null,
  restored: false,
  loginRequests: 0,
  openAppRequests: 0,
  guideRequests: 0,
  site: null,
});

/**
 * Counts the page-wide requests (lib/events.ts) in the store, from the first call on: a host that
 * wakes after the request reads the count and answers it. Idempotent.
 */
let listening = false;
export function listenForRequests(target: Pick<Window, "addEventListener"> | undefined = globalThis.window): void {
  if (listening || !target) return;
  listening = true;
  target.addEventListener(loginEvent, () => shared.set((s) => ({ loginRequests: s.loginRequests + 1 })));
  target.addEventListener(openAppEvent, () => shared.set((s) => ({ openAppRequests: s.openAppRequests + 1 })));
  target.addEventListener(guideEvent, () => shared.set((s) => ({ guideRequests: s.guideRequests + 1 })));
}
