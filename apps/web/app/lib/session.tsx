import type { UserInfo } from "@davmu/contracts/account";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { type BrowserApi, browserApi } from "./browser-api.ts";
import { emitLogin } from "./events.ts";

/**
 * The visitor's login state. Pages render the anonymous view on the server; in the browser a stored
 * token brings the user back (R-LOGIN-10).
 */
export interface Session {
  user: UserInfo | null;
  /** false until a stored token has been checked */
  restored: boolean;
  /** the browser's API client and local values (only call from effects and handlers) */
  api(): BrowserApi;
  signedIn(user: UserInfo): void;
  signOut(): Promise<void>;
  /** true when logged in; otherwise asks the visitor to log in (R-LOGIN-13) and answers false */
  requireLogin(): boolean;
}

export const SessionContext = createContext<Session | null>(null);

export function useSession(): Session {
  const value = useContext(SessionContext);
  if (!value) throw new Error("useSession needs a SessionProvider");
  return value;
}

/**
 * The session while the server draws a page: nobody is signed in yet, and no stored token has been
 * checked. In the browser each island has the shared store's session (islands/hydrate.tsx), restored
 * by the page's start-up (islands/page-effects.ts, lib/startup/session-start.ts); nothing here runs there.
 */
export function SessionProvider(props: { publicApiBase: string; children: ReactNode }) {
  const { publicApiBase } = props;
  const session = useMemo<Session>(
    () => ({
      user: null,
      restored: false,
      api: () => browserApi(publicApiBase),
      signedIn() {},
      async signOut() {},
      requireLogin() {
        emitLogin();
        return false;
      },
    }),
    [publicApiBase],
  );
  return <SessionContext.Provider value={session}>{props.children}</SessionContext.Provider>;
}
