import type { UserInfo } from "@davmu/contracts/account";
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useRef, useState } from "react";
import { logout } from "./account.ts";
import { type BrowserApi, browserApi } from "./browser-api.ts";
import { emitLogin } from "./events.ts";
import { translate } from "./i18n/messages.ts";
import { restoreSession, watchSessionExpiry } from "./session-start.ts";
import { toast } from "./toast.ts";

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

export function SessionProvider(props: { publicApiBase: string; children: ReactNode }) {
  const { publicApiBase } = props;
  const [user, setUser] = useState<UserInfo | null>(null);
  const [restored, setRestored] = useState(false);
  const userRef = useRef<UserInfo | null>(null);
  userRef.current = user;

  useEffect(() => {
    let live = true;
    restoreSession(publicApiBase, {
      found: (found) => {
        if (live) setUser(found);
      },
      done: () => {
        if (live) setRestored(true);
      },
    });
    return () => {
      live = false;
    };
  }, [publicApiBase]);

  // a token that stopped working mid-visit: forget it and ask the visitor to log in again
  useEffect(
    () => watchSessionExpiry(publicApiBase, { signedIn: () => userRef.current !== null, expired: () => setUser(null) }),
    [publicApiBase],
  );

  const api = useCallback(() => browserApi(publicApiBase), [publicApiBase]);
  const signOut = useCallback(async () => {
    const { client, values, withToken } = browserApi(publicApiBase);
    await logout(client, withToken, values);
    setUser(null);
    toast(translate("loggedOut"));
  }, [publicApiBase]);

  const session = useMemo<Session>(
    () => ({
      user,
      restored,
      api,
      signedIn: setUser,
      signOut,
      requireLogin() {
        if (user) return true;
        emitLogin();
        return false;
      },
    }),
    [user, restored, api, signOut],
  );
  return <SessionContext.Provider value={session}>{props.children}</SessionContext.Provider>;
}
