import type { UserInfo } from "@davmu/contracts/account";
import { type ComponentType, type ReactNode, useEffect, useLayoutEffect, useMemo, useState } from "react";
import { hydrateRoot } from "react-dom/client";
import { logout } from "../lib/account.ts";
import { browserApi } from "../lib/browser-api.ts";
import { schemeOfDocument } from "../lib/color-scheme.ts";
import { emitLogin } from "../lib/events.ts";
import { I18nProvider } from "../lib/i18n/context.tsx";
import { noOpenAppSettings, PageSettingsContext } from "../lib/page-settings.tsx";
import { type Session, SessionContext } from "../lib/session.tsx";
import { SiteContext, type SiteState } from "../lib/site-context.tsx";
import { toast } from "../lib/toast.ts";
import { translate } from "../model/i18n/messages.ts";
import { InsideIsland } from "./Island.tsx";
import type { IslandPage } from "./page.ts";
import { shared } from "./store.ts";
import { useShared } from "./use-shared.ts";

/**
 * The island side of React (decision 053): imported by the loader when the first island wakes, so a
 * page whose islands sleep never loads React. Each island is its own root under the same providers
 * as on the server; the session and the site's state are the shared store's (store.ts), filled by the
 * page's start-up (page-effects.ts).
 */

function IslandSession(props: { publicApiBase: string; children: ReactNode }) {
  const { publicApiBase } = props;
  const user = useShared((s) => s.user);
  const restored = useShared((s) => s.restored);
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
  const [hydrating, setHydrating] = useState(true);
  useEffect(() => setHydrating(false), []);
  const value = hydrating || !started ? props.initial : started;
  return <SiteContext.Provider value={value}>{props.children}</SiteContext.Provider>;
}

function Committed(props: { done: () => void; children: ReactNode }) {
  const { done } = props;
  // once, after the first commit (the island's handlers are attached)
  // biome-ignore lint/correctness/useExhaustiveDependencies: the first commit only
  useLayoutEffect(done, []);
  return props.children;
}

/** Hydrates one island's element as a React root of its own; resolves after its first commit. */
export function hydrateIsland(
  element: Element,
  component: unknown,
  props: Record<string, unknown>,
  page: IslandPage,
): Promise<void> {
  const Component = component as ComponentType<Record<string, unknown>>;
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
          <IslandSite initial={page.initial}>
            <IslandSession publicApiBase={page.publicApiBase}>
              <Committed done={resolve}>
                <InsideIsland.Provider value={true}>
                  <Component {...props} />
                </InsideIsland.Provider>
              </Committed>
            </IslandSession>
          </IslandSite>
        </PageSettingsContext.Provider>
      </I18nProvider>,
      { onRecoverableError: (error) => console.warn("island hydration:", error) },
    );
  });
}
