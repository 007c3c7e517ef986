/**
 * The island loader: the one script an island page starts with (decision 053).
 *
 * Protocol
 * - The server renders the whole page with React Router, as every page. An interactive part is
 *   wrapped in `<Island>` (Island.tsx), which writes
 *     <davmu-island data-island="NAME" data-wake="POLICY" data-props="JSON">…its server markup…</davmu-island>
 *   NAME is a key of the registry (registry.ts), POLICY one of `idle`, `visible`, `interaction`, and
 *   JSON the component's props, escaped by `jsonForScript` (no `<`, `>` or `&`, so nothing in them can
 *   close a tag) and then as an attribute value by React. Props are data only: an island takes
 *   everything it shows from them, never from the router (no loader data, no navigation hooks; links
 *   are plain `<a>`, navigation `location.assign`). The element is `display: contents`: it adds no box.
 * - Everything outside an island is static HTML and is never hydrated: headline, body, pictures,
 *   lists of links read and work without any script (JS-off reading).
 * - The page ends with `#island-page` (JSON: language, messages, site state, public API base: what the
 *   providers of every island need, written once) and the boot script that imports this module after
 *   the first paint (islands/PageScripts.tsx). React Router's data hand-off is not sent, and no page
 *   runs React Router in the browser (decision 058).
 * - This module imports no React. For each island it waits for the policy's trigger, then imports the
 *   island's chunk (registry.ts: one dynamic import per island, so each is a chunk of its own) and
 *   the hydration module (hydrate.tsx, which brings React), and hydrates that element alone as its own
 *   React root. A page whose islands never wake never loads React.
 *     idle         requestIdleCallback (timeout 2 s), or a 200 ms timer where there is none (iOS 12)
 *     visible      IntersectionObserver (200 px ahead), or idle where there is none
 *   (an idle or visible island tapped before its trigger wakes at once, the tap held as below)
 *     interaction  the first pointerdown, click, focusin or keydown inside the island; a click that
 *                  arrives before the island is hydrated is held (default prevented) and dispatched
 *                  again on its target once it is, so a first tap is not lost; if the island
 *                  cannot load, taps are no longer held and its static HTML answers as it can
 *   (a tap the page can answer without the island is, and the island sleeps on: an open-app control,
 *   `data-opens-app`, opens the open-app dialog (decision 073); a login-first control,
 *   `data-login-first`, tapped by a visitor known to be anonymous opens the login popup (decision
 *   072). The control's own handler would ask for that and do nothing else. boot.ts)
 * - Islands share no React tree. What they share (login state, the requests for the login popup and
 *   the open-app dialog) is in store.ts; toasts in lib/toast.ts. A host island (toaster, login
 *   popup, dialog) is woken by name when the store asks for it (`wake`).
 * - Hosts are also woken for the page's state: the open-app dialog on the first open-app or guide
 *   request, the islands that draw the visitor's own view once a session is restored, the banner once
 *   WeChat's open tags are ready, and any island another asks for (lib/events.ts `wakeIsland`: a
 *   comment sent from the footer wakes the list) (boot.ts, decision 056).
 * - What every page does as it starts (statistics, start-up, session restore, WeChat's SDK, service
 *   worker, prefetch, desktop redirect) runs without React in page-effects.ts, imported once idle,
 *   each step in a task of its own (lib/startup/turns.ts, decision 098); the statistics and the
 *   desktop redirect's check start in the turn after this loader's.
 * - A chunk that fails to load (a deployment replaced the files) reloads the page under the site's
 *   rule, at most once a minute (lib/startup/chunk-reload.ts, R-SITE-10).
 * - Server markup added later (加载更多 adds the next page's cards) is handed to the loader with
 *   lib/events.ts `islandsAdded`: its islands are taken on under their policies, as if present at start.
 * - Once hydrated an island's element gets `data-awake`; once the loader runs, `<html data-hydrated>`
 *   says the page's controls answer (held clicks included).
 */
import {
  awakeAttribute,
  islandTag,
  isWakePolicy,
  nameAttribute,
  propsAttribute,
  type WakePolicy,
  wakeAttribute,
} from "./protocol.ts";

export interface IslandLoaderDeps {
  /** the island's component from the registry (a dynamic import) */
  load(name: string): Promise<unknown>;
  /** hydrates the element with the component and props; resolves after the first commit */
  hydrate(element: Element, component: unknown, props: Record<string, unknown>): Promise<void>;
  /** runs the callback once the browser is idle */
  idle(run: () => void): void;
  /** runs the callback once the element is (nearly) in view */
  whenVisible(element: Element, run: () => void): void;
  /** dispatches a held click again on its target */
  replayClick(target: EventTarget): void;
  /**
   * answers an event on a sleeping `interaction` island without waking it, where the page can
   * (boot.ts: an open-app control, or a login-first one tapped by an anonymous visitor); true when
   * it did: the event is taken (a click's default prevented) and the island sleeps on
   */
  answer?(event: Event): boolean;
  /** a failed chunk load: the reload rule; answers whether the page reloads */
  chunkFailed(error: unknown): boolean;

  warn(...args: unknown[]): void;
}

/** Events that wake an `interaction` island. */
export const interactionEvents = ["pointerdown", "click", "focusin", "keydown"] as const;

export interface IslandController {
  /** the islands found, in document order */
  readonly islands: ReadonlyArray<{ element: Element; name: string; wake: WakePolicy }>;
  /** wakes every island of that name now, whatever its policy */
  wake(name: string): Promise<void>;
  /**
   * takes on the islands under `within` it does not know yet, each under its policy: server markup
   * added after the page started (加载更多's next cards)
   */
  adopt(within: ParentNode): void;
}

/** An island's props from its element; `{}` when absent or unreadable. */
export function readProps(element: Element): Record<string, unknown> {
  const text = element.getAttribute(propsAttribute);
  if (!text) return {};
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === "object" ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function startIslands(root: ParentNode, deps: IslandLoaderDeps): IslandController {
  const started = new Map<Element, Promise<void>>();
  const islands: Array<{ element: Element; name: string; wake: WakePolicy }> = [];

  function wakeElement(element: Element, name: string): Promise<void> {
    const running = started.get(element);
    if (running) return running;
    const props = readProps(element);
    const promise = deps
      .load(name)
      .then((component) => deps.hydrate(element, component, props))
      .then(() => {
        element.setAttribute(awakeAttribute, "");
      })
      .catch((error: unknown) => {
        if (!deps.chunkFailed(error)) deps.warn(`island ${name} failed to start:`, error);
      });
    started.set(element, promise);
    return promise;
  }

  function onInteraction(element: Element, name: string) {
    let held: EventTarget | null = null;
    let hydrated = false;
    const listener = (event: Event) => {
      if (hydrated) return;
      if (element.hasAttribute(awakeAttribute)) {
        // woken meanwhile by its own policy (idle, visible) or by name: its handlers answer from now on
        hydrated = true;
        for (const type of interactionEvents) element.removeEventListener(type, listener, true);
        return;
      }
      if (!started.has(element) && deps.answer?.(event)) {
        if (event.type === "click") {
          event.preventDefault();
          event.stopPropagation();
        }
        return;
      }

      if (event.type === "click") {
        // hold the tap until the island can answer it
        event.preventDefault();
        event.stopPropagation();
        held = event.target;
      }
      void wakeElement(element, name).then(() => {
        if (hydrated) return;
        // hydrated, or failed (the island stays static HTML): either way taps are no longer held
        hydrated = true;
        for (const type of interactionEvents) element.removeEventListener(type, listener, true);
        const target = held;
        held = null;
        if (target && element.hasAttribute(awakeAttribute)) deps.replayClick(target);
      });
    };
    for (const type of interactionEvents) element.addEventListener(type, listener, true);
  }

  const known = new Set<Element>();
  function adopt(within: ParentNode) {
    for (const element of Array.from(within.querySelectorAll(islandTag))) {
      if (known.has(element)) continue;
      known.add(element);
      const name = element.getAttribute(nameAttribute);
      const wake = element.getAttribute(wakeAttribute);
      if (!name || !isWakePolicy(wake)) {
        deps.warn("island without a name or a known policy:", name, wake);
        continue;
      }
      islands.push({ element, name, wake });
      if (wake === "idle") deps.idle(() => void wakeElement(element, name));
      else if (wake === "visible") deps.whenVisible(element, () => void wakeElement(element, name));
      // whatever its policy, a tap that comes before the island is awake wakes it and is held until it
      // can answer (a form's 提交 tapped before its idle or visible trigger is not a native submit)
      onInteraction(element, name);
    }
  }
  adopt(root);

  return {
    islands,
    adopt,
    wake(name) {
      return Promise.all(
        islands.filter((island) => island.name === name).map((island) => wakeElement(island.element, name)),
      ).then(() => undefined);
    },
  };
}

type IdleWindow = Window & { requestIdleCallback?: (run: () => void, options?: { timeout: number }) => number };

/** idle: requestIdleCallback where the browser has it, else a short timer (iOS 12 has none). */
export function browserIdle(win: IdleWindow = window): (run: () => void) => void {
  return (run) => {
    if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(run, { timeout: 2000 });
    else win.setTimeout(run, 200);
  };
}

/** visible: an IntersectionObserver per island, 200 px ahead of the viewport; idle without one. */
export function browserWhenVisible(
  win: Window & { IntersectionObserver?: typeof IntersectionObserver } = window,
  idle = browserIdle(win),
): (element: Element, run: () => void) => void {
  return (element, run) => {
    const Observer = win.IntersectionObserver;
    if (typeof Observer !== "function") return idle(run);
    // an island is `display: contents`: it has no box of its own, its children have
    const observed = element.children.length > 0 ? Array.from(element.children) : [element];
    const observer = new Observer(
      (entries: IntersectionObserverEntry[]) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        run();
      },
      { rootMargin: "200px" },
    );
    for (const target of observed) observer.observe(target);
  };
}
