import type { UserInfo } from "@davmu/contracts/account";
import { type ComponentType, type ReactNode, useContext, useLayoutEffect, useMemo, useState } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
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
  // once, after the hydrating render has committed, and before the browser paints: the second render
  // follows in the same task rather than a frame later, when a passive effect would run
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, after the hydrating render
  useLayoutEffect(() => {
    restoreTyped(props.typed);
    setHydrating(false);
  }, []);
  useLayoutEffect(() => {
    if (!hydrating) done();
  }, [hydrating, done]);
  return <HydratingContext.Provider value={hydrating}>{props.children}</HydratingContext.Provider>;
}

/**
 * An island the server drew empty (a host: the login popup's, the toaster): there is no markup to
 * adopt, so its first render is already the browser's, with no hydrating pass before it, and `done`
 * is called once it has committed.
 */
function Rendered(props: { done: () => void; children: ReactNode }) {
  const { done } = props;
  useLayoutEffect(() => done(), [done]);
  return <HydratingContext.Provider value={false}>{props.children}</HydratingContext.Provider>;
}

/**
 * Hydrates one island's element as a root of its own (or renders into it, where the server drew it
 * empty); resolves once it has rendered with the browser's state.
 */
export function hydrateIsland(
  element: Element,
  component: unknown,
  props: Record<string, unknown>,
  page: IslandPage,
): Promise<void> {
  const Component = component as ComponentType<Record<string, unknown>>;
  const island = (
    <IslandSite initial={page.initial}>
      <IslandSession publicApiBase={page.publicApiBase}>
        <InsideIsland.Provider value={true}>
          <Component {...props} />
        </InsideIsland.Provider>
      </IslandSession>
    </IslandSite>
  );
  const withPage = (children: ReactNode) => (
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
        {children}
      </PageSettingsContext.Provider>
    </I18nProvider>
  );
  return new Promise((resolve) => {
    if (element.childNodes.length === 0) {
      createRoot(element).render(withPage(<Rendered done={resolve}>{island}</Rendered>));
      return;
    }
    const typed = readTyped(element);
    hydrateRoot(
      element,
      withPage(
        <Hydrating typed={typed} done={resolve}>
          {island}
        </Hydrating>,
      ),
      { onRecoverableError: (error) => console.warn("island hydration:", error) },
    );
  });
}
