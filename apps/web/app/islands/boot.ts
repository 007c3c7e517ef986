import { startTracking } from "../features/tracking/tracker-page.ts";
import { showDrawnDialog } from "../lib/drawn-dialog.ts";
import { emitLogin, emitOpenApp, islandsAddedEvent, wakeIslandEvent } from "../lib/events.ts";
import { subscribeWxTagState, wxTagState } from "../lib/open-app-state.ts";
import { answerPlayTap } from "../lib/play-here.ts";
import { reloadOnChunkError } from "../lib/startup/chunk-reload.ts";
import { redirectDesktop } from "../lib/startup/desktop-redirect.ts";
import { nextTurn } from "../lib/startup/turns.ts";
import { toasts } from "../lib/toast.ts";
import { browserIdle, browserWhenVisible, startIslands } from "./loader.ts";
import type { IslandPage } from "./page.ts";
import {
  awakeAttribute,
  drawnDialogAttribute,
  islandPageId,
  islandTag,
  loginFirstAttribute,
  miniProgramAttribute,
  opensAppAttribute,
} from "./protocol.ts";
import { loadIsland } from "./registry.ts";
import { listenForRequests, shared } from "./store.ts";

/**
 * The entry of an island page (decision 053; the protocol is in loader.ts), imported by the page's
 * boot script after the first paint. No React here: hydrate.tsx brings it with the first island, and
 * page-effects.ts (a chunk of its own, imported once the browser is idle) what every page does as it starts.
 */
listenForRequests();

/**
 * The controls the page answers itself while their island sleeps: the attribute that marks them, the
 * host that answers, the request, and when it applies.
 */
const pageAnswers = [
  // an open-app control (打开App, 点赞…), for every visitor: the open-app dialog (decision 073)
  { attribute: opensAppAttribute, host: "open-app-dialog", ask: emitOpenApp, applies: () => true },
  // a login-first control (收藏, 关注…) tapped by a visitor known to be anonymous: the login popup (decision 072)
  {
    attribute: loginFirstAttribute,
    host: "login-host",
    ask: emitLogin,
    applies: () => {
      const { user, restored } = shared.get();
      return restored && !user;
    },
  },
] as const;

/**
 * A dialog a host's island drew on the server, hidden, as it first shows (decision 077): the open-app
 * dialog, the login popup. Shown at once for a request made while the host sleeps (lib/drawn-dialog.ts);
 * a tap on it wakes the host, as any island's first tap does, and is answered once it is awake, with
 * what the visitor typed meanwhile.
 */
function showDrawn(host: string) {
  const island = document.querySelector(`${islandTag}[data-island="${host}"]:not([${awakeAttribute}])`);
  const dialog = island?.querySelector<HTMLElement>(`[${drawnDialogAttribute}]`);
  if (dialog) showDrawnDialog(dialog);
}

/** Islands that draw something of the logged-in visitor's own: woken once a session is restored. */
const userIslands = ["open-app-banner", "comment-list", "comment-footer", "follow-button"];
const pageText = document.getElementById(islandPageId)?.textContent;
const page = (pageText ? JSON.parse(pageText) : null) as IslandPage | null;
if (page) {
  const idle = browserIdle();
  // the hydration module (with the renderer) is asked for beside the island's chunk, not after it
  const hydration = () => import("./hydrate.tsx");
  const controller = startIslands(document, {
    load: (name) => {
      hydration().catch(() => undefined);
      return loadIsland(name);
    },
    hydrate: (element, component, props) => hydration().then((m) => m.hydrateIsland(element, component, props, page)),
    idle,
    whenVisible: browserWhenVisible(window, idle),
    replayClick: (target) => target.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true })),
    // a control whose island would only ask for a host's answer (`pageAnswers`): the page asks at once
    // and the island sleeps on. The host starts waking as the finger lands; the tap's click asks for it
    answer: (event) => {
      // a sleeping video's play button, where the browser plays the source itself: played in the tap
      if (answerPlayTap(event)) return true;
      const target = event.target;
      const found =
        target instanceof Element && pageAnswers.find((a) => target.closest(`[${a.attribute}]`) && a.applies());
      if (!found) return false;
      if (event.type === "pointerdown") void controller.wake(found.host);
      else if (event.type === "click") found.ask();
      return true;
    },
    chunkFailed: reloadOnChunkError,
    warn: (...args) => console.warn(...args),
  });
  // the hosts answer what another island asked for: they wake on the first request
  const seen = { openApp: 0, login: 0 };
  const wakeHosts = () => {
    const state = shared.get();
    // (in a mini program the dialog reads otherwise, 关闭弹窗 and no 立即前往: its host draws it once awake)
    const miniProgram = document.documentElement.hasAttribute(miniProgramAttribute);
    if (state.openAppRequests > seen.openApp && !miniProgram) showDrawn("open-app-dialog");
    if (state.loginRequests > seen.login) showDrawn("login-host");
    seen.openApp = state.openAppRequests;
    seen.login = state.loginRequests;
    if (state.loginRequests > 0) void controller.wake("login-host");
    if (state.openAppRequests > 0 || state.guideRequests > 0) void controller.wake("open-app-dialog");
    // a visitor who is logged in sees their own view: the banner's avatar, the collect, follow and
    // comment states of their own
    if (state.user) for (const name of userIslands) void controller.wake(name);
  };
  shared.subscribe(wakeHosts);
  toasts.subscribe(() => void controller.wake("toaster"));
  // in WeChat, once its open tags can launch the app, the banner lays one over its button
  subscribeWxTagState(() => {
    if (wxTagState() === "ready") void controller.wake("open-app-banner");
  });
  // a part whose state another changed (lib/events.ts `wakeIsland`)
  window.addEventListener(wakeIslandEvent, (event) => {
    const name = (event as CustomEvent<unknown>).detail;
    if (typeof name === "string") void controller.wake(name);
  });
  // server markup added later, with islands of its own (lib/events.ts `islandsAdded`)
  window.addEventListener(islandsAddedEvent, (event) => {
    const element = (event as CustomEvent<unknown>).detail;
    if (element instanceof Element) controller.adopt(element);
  });
  // a screen wide enough for the desktop wrapper leaves for it first: the page is read in its frame,
  // and counted there once. Else reading statistics start with the page, not once it idles: the
  // tracker's chunk is fetched in the next turn, so a reader who leaves in the first seconds (a busy
  // phone idles late, up to 2 s) is counted (decision 042). A turn of its own (decision 098): the
  // loader's start is one task, the viewport's read and the tracker's start another
  nextTurn()(() => {
    if (!redirectDesktop()) startTracking(page.statBase ?? "");
  });
  // what every page does as it starts (start-up, session, service worker…), without React
  idle(() => {
    import("./page-effects.ts")
      .then((m) => m.startPageEffects(page))
      .catch((error: unknown) => {
        if (!reloadOnChunkError(error)) console.warn("page effects failed to start:", error);
      });
  });
  document.documentElement.dataset.hydrated = "";
}
