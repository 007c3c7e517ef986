import { siteBase } from "@davmu/contracts/site-path";
import { startWechat } from "../features/open-app/wechat.ts";
import { showBanner } from "../lib/startup/banner.ts";
import { markMiniProgram } from "../lib/startup/mini-program.ts";
import { applyThemeColor, schedulePageIdleWork, startSite } from "../lib/startup/page-start.ts";
import { refreshSession, restoreSession, watchSessionExpiry } from "../lib/startup/session-start.ts";
import { inTurns } from "../lib/startup/turns.ts";
import type { IslandPage } from "./page.ts";
import { shared } from "./store.ts";

/**
 * What every page does in the browser as it starts (decisions 056, 058), with no React. The loader (boot.ts) imports this chunk once the browser is idle:
 * - the open-app banner shown (the desktop redirect by viewport runs before, in boot.ts);
 * - the device's details, an anonymous token and the app info, whose theme colour is applied, then
 *   the site config read again; both kept in the store for islands that wake later;
 * - the session restored into the store (R-LOGIN-10), read again when the page comes back from the
 *   back/forward cache, and a token that stops working mid-visit;
 * - WeChat's JS-SDK inside WeChat (share card, open tags);
 * - when idle again: the chunk-reload guard, the service worker and the prefetch of links in view.
 * Each in a turn of its own (lib/startup/turns.ts, decision 098), in this order: together they made
 * one task of 60–90 ms at 4× CPU slowdown, as long as a first tap would wait.
 */
let started = false;

export function startPageEffects(page: IslandPage): void {
  if (started) return;
  started = true;
  void inTurns([
    () => {
      markMiniProgram();
      showBanner();
    },
    () =>
      startSite(page.publicApiBase, {
        theme(theme) {
          applyThemeColor(theme.primaryColor);
          shared.set((s) => ({ site: { ...(s.site ?? page.initial), theme } }));
        },
        site(site) {
          shared.set((s) => ({ site: { ...(s.site ?? page.initial), site } }));
        },
      }),
    () => {
      restoreSession(page.publicApiBase, {
        found: (user) => shared.set({ user }),
        done: () => {
          shared.set({ restored: true });
          // the visitor's session is known (theirs, or nobody's): the browser tests wait for it
          document.documentElement.dataset.session = "";
        },
      });
      // restored from the back/forward cache, the page shows the session as it was left: read it again
      window.addEventListener("pageshow", (event) => {
        if (!event.persisted) return;
        refreshSession(page.publicApiBase, {
          found: (user) => shared.set({ user }),
          gone: () => shared.set({ user: null }),
        });
      });
      watchSessionExpiry(page.publicApiBase, {
        signedIn: () => shared.get().user !== null,
        expired: () => shared.set({ user: null }),
      });
    },
    () => startWechat(page.publicApiBase),
    () => schedulePageIdleWork(siteBase),
  ]);
}
