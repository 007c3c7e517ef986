import { reloadOnChunkError } from "../lib/chunk-reload.ts";
import { toasts } from "../lib/toast.ts";
import { browserIdle, browserWhenVisible, startIslands } from "./loader.ts";
import type { IslandPage } from "./page.ts";
import { islandPageId } from "./protocol.ts";
import { loadIsland } from "./registry.ts";
import { listenForRequests, shared } from "./store.ts";

/**
 * The entry of an island page (decision 053; the protocol is in loader.ts), imported by the page's
 * boot script after the first paint. No React here: hydrate.tsx brings it with the first island, and
 * page-effects.ts (a chunk of its own, imported once the browser is idle) what every page does as it starts.
 */
listenForRequests();
const pageText = document.getElementById(islandPageId)?.textContent;
const page = (pageText ? JSON.parse(pageText) : null) as IslandPage | null;
if (page) {
  const idle = browserIdle();
  const controller = startIslands(document, {
    load: loadIsland,
    hydrate: (element, component, props) =>
      import("./hydrate.tsx").then((m) => m.hydrateIsland(element, component, props, page)),
    idle,
    whenVisible: browserWhenVisible(window, idle),
    replayClick: (target) => target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true })),
    chunkFailed: reloadOnChunkError,
    warn: (...args) => console.warn(...args),
  });
  // the hosts answer what another island asked for: they wake on the first request
  const wakeHosts = () => {
    const state = shared.get();
    if (state.loginRequests > 0) void controller.wake("login-host");
  };
  shared.subscribe(wakeHosts);
  toasts.subscribe(() => void controller.wake("toaster"));
  // what every page does as it starts (statistics, start-up, session, service worker…), without React
  idle(() => {
    import("./page-effects.ts")
      .then((m) => m.startPageEffects(page))
      .catch((error: unknown) => {
        if (!reloadOnChunkError(error)) console.warn("page effects failed to start:", error);
      });
  });
  document.documentElement.dataset.hydrated = "";
}
