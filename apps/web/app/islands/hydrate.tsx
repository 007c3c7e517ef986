import type { UserInfo } from "@davmu/contracts/account";
import { type ComponentType, type ReactNode, useContext, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { logout } from "../lib/account.ts";
import { browserApi } from "../lib/browser-api.ts";
import { schemeOfDocument } from "../lib/color-scheme.ts";
import { emitLogin } from "../lib/events.ts";
import { HydratingContext } from "../lib/hydrated.ts";
import { I18nProvider } from "../lib/i18n/context.tsx";
import { noOpenAppSettings, PageSettingsContext } from "../lib/page-settings.tsx";
import { type Session, SessionContext } from "../lib/session.tsx";
import { SiteContext, type SiteState } from "../lib/site-context.tsx";
import { toast } from "../lib/toast.ts";
import { translate } from "../model/i18n/messages.ts";
import { InsideIsland } from "./Island.tsx";
import type { IslandPage } from "./page.ts";
import { shared } from "./store.ts";
import { readTyped, restoreTyped, type Typed } from "./typed.ts";
import { useShared } from "./use-shared.ts";

/**
 * The island side of React (decision 053): imported by the loader when the first island wakes, so a
 * page whose islands sleep never loads React. Each island is its own root under the same providers
 * as on the server; the session and the site's state are the shared store's (store.ts), filled by the
 * page's start-up (page-effects.ts).
 */

/**
 * The session: the server's (nobody signed in, nothing restored: lib/session.tsx) while hydrating, so
 * the markup matches; then the shared store's, filled by the page's start-up (page-effects.ts).
 */
function IslandSession(props: { publicApiBase: string; children: ReactNode }) {
  const { publicApiBase } = props;
  const hydrating = useContext(HydratingContext);
  const storedUser = useShared((s) => s.user);
  const storedRestored = useShared((s) => s.restored);
  const user = hydrating ? null : storedUser;
  const restored = hydrating ? false : storedRestored;
  const session = useMemo<Session>(
    () => ({
      user,
      restored,
      api: () => browserApi(publicApiBase),
      signedIn: (found: UserInfo) => shared.set({ user: found }),
      async signOut() {
        const { client, values, withToken } = browserApi(publicApiBase);
        await logout(client, withToken, values);
        shared.set({ user: null });
        toast(translate("loggedOut"));
      },
      requireLogin() {
        if (shared.get().user) return true;
        emitLogin();
        return false;
      },
    }),
    [user, restored, publicApiBase],
  );
  return <SessionContext.Provider value={session}>{props.children}</SessionContext.Provider>;
}

/**
 * The site's state: the server's while hydrating (the markup must match), then what the page's
 * start-up read (page-effects.ts), once it has.
 */
function IslandSite(props: { initial: SiteState; children: ReactNode }) {
  const started = useShared((s) => s.site);
  const value = useContext(HydratingContext) || !started ? props.initial : started;
  return <SiteContext.Provider value={value}>{props.children}</SiteContext.Provider>;
}

/**
 * An island's first render draws what the server drew (lib/hydrated.ts); once it has committed, the
 * island renders again with the browser's state (session, site, stores) and what the visitor typed
 * before it woke (typed.ts), and `done` is called after that commit: a held tap is replayed on handlers
 * that see the visitor's own state and text.
 */
function Hydrating(props: { typed: readonly Typed[]; done: () => void; children: ReactNode }) {
  const { done } = props;
  const [hydrating, setHydrating] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydrating render
  useLayoutEffect(() => restoreTyped(props.typed), []);
  useEffect(() => setHydrating(false), []);
  useLayoutEffect(() => {
    if (!hydrating) done();
  }, [hydrating, done]);
  return <HydratingContext.Provider value={hydrating}>{props.children}</HydratingContext.Provider>;
}

/** Hydrates one island's element as a root of its own; resolves once it has rendered with the browser's state. */
export function hydrateIsland(
  element: Element,
  component: unknown,
  props: Record<string, unknown>,
  page: IslandPage,
): Promise<void> {
  const Component = component as ComponentType<Record<string, unknown>>;
  const typed = readTyped(element);
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <I18nProvider lang={page.lang} messages={page.messages}>
        <PageSettingsContext.Provider
          value={{
            publicApiBase: page.publicApiBase,
            openApp: page.openApp ?? noOpenAppSettings,
            linkFrameOrigins: page.linkFrameOrigins ?? [],
            // the visitor's choice, drawn by the server from the same cookie
            scheme: schemeOfDocument() ?? null,
          }}
        >
          <Hydrating typed={typed} done={resolve}>
            <IslandSite initial={page.initial}>
              <IslandSession publicApiBase={page.publicApiBase}>
                <InsideIsland.Provider value={true}>
                  <Component {...props} />
                </InsideIsland.Provider>
              </IslandSession>
            </IslandSite>
          </Hydrating>
        </PageSettingsContext.Provider>
      </I18nProvider>,
      { onRecoverableError: (error) => console.warn("island hydration:", error) },
    );
  });
}
