import { describe, expect, it, vi } from "vitest";
import { jsonForScript } from "../lib/json-script.ts";
import { chunkReloadKey, reloadForChunkError } from "../lib/startup/chunk-reload.ts";
import { type IslandLoaderDeps, readProps, startIslands } from "./loader.ts";
import { awakeAttribute, islandTag } from "./protocol.ts";
import { createStore } from "./store.ts";

/** An island element as the loader sees it: attributes and events, no layout (the unit project has no DOM). */
class FakeIsland extends EventTarget {
  readonly attributes = new Map<string, string>();
  readonly children: unknown[] = [];
  constructor(name: string, wake: string, props: unknown) {
    super();
    this.attributes.set("data-island", name);
    this.attributes.set("data-wake", wake);
    // as the server writes it: jsonForScript, then the attribute (the browser hands back the same text)
    this.attributes.set("data-props", jsonForScript(props));
  }
  getAttribute(name: string) {
    return this.attributes.get(name) ?? null;
  }
  setAttribute(name: string, value: string) {
    this.attributes.set(name, value);
  }
  hasAttribute(name: string) {
    return this.attributes.has(name);
  }
}

function pageOf(...islands: FakeIsland[]) {
  return {
    querySelectorAll(selector: string) {
      expect(selector).toBe(islandTag);
      return islands;
    },
  } as unknown as ParentNode;
}

function fakes(overrides: Partial<IslandLoaderDeps> = {}) {
  const idle: Array<() => void> = [];
  const visible: Array<{ element: Element; run: () => void }> = [];
  const hydrated: Array<{ element: Element; component: unknown; props: Record<string, unknown> }> = [];
  const replayed: EventTarget[] = [];
  const deps: IslandLoaderDeps = {
    load: vi.fn(async (name: string) => `component:${name}`),
    hydrate: vi.fn(async (element, component, props) => {
      hydrated.push({ element, component, props });
    }),
    idle: (run) => idle.push(run),
    whenVisible: (element, run) => visible.push({ element, run }),
    replayClick: (target) => replayed.push(target),
    chunkFailed: vi.fn(() => false),
    warn: vi.fn(),
    ...overrides,
  };
  return { deps, idle, visible, hydrated, replayed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A tap on `target` inside the island, as the browser dispatches it there (the loader reads its target). */
function tap(island: FakeIsland, target: EventTarget): Event {
  const event = new Event("click", { bubbles: true, cancelable: true });
  Object.defineProperty(event, "target", { value: target });
  island.dispatchEvent(event);
  return event;
}

describe("island loader", () => {
  it("R-WEB-ISLAND-2 an idle island hydrates only once the browser is idle, with its props", async () => {
    const island = new FakeIsland("follow-button", "idle", { mpId: "m1" });
    const { deps, idle, hydrated } = fakes();
    startIslands(pageOf(island), deps);
    await settle();
    expect(deps.load).not.toHaveBeenCalled();
    expect(idle).toHaveLength(1);
    idle[0]?.();
    await settle();
    expect(deps.load).toHaveBeenCalledWith("follow-button");
    expect(hydrated).toEqual([{ element: island, component: "component:follow-button", props: { mpId: "m1" } }]);
    expect(island.getAttribute(awakeAttribute)).toBe("");
  });

  it("R-WEB-ISLAND-2 R-CONTENT-8 islands in markup added later (加载更多's cards) are taken on under their policies, those known not twice", async () => {
    const first = new FakeIsland("link-card", "interaction", { n: 1 });
    const { deps, hydrated, replayed } = fakes();
    const controller = startIslands(pageOf(first), deps);
    const added = new FakeIsland("link-card", "interaction", { n: 2 });
    const later = new FakeIsland("toaster", "idle", {});
    // the list after 加载更多: the card it had and the next page's
    controller.adopt(pageOf(first, added, later));
    expect(controller.islands.map((island) => island.element)).toEqual([first, added, later]);
    // the added card sleeps until its first tap, which is held and answered once it is awake
    const link = new EventTarget();
    expect(tap(added, link).defaultPrevented).toBe(true);
    await settle();
    expect(hydrated.map((h) => h.props)).toEqual([{ n: 2 }]);
    expect(replayed).toEqual([link]);
    // the first card was not set up a second time: one tap wakes it once
    first.dispatchEvent(new Event("pointerdown"));
    await settle();
    expect(hydrated.map((h) => h.props)).toEqual([{ n: 2 }, { n: 1 }]);
    expect(deps.load).toHaveBeenCalledTimes(2);
    // and wake by name reaches the added ones
    await controller.wake("toaster");
    expect(hydrated).toHaveLength(3);
  });

  it("R-WEB-ISLAND-2 a visible island hydrates once in view, not before", async () => {
    const island = new FakeIsland("toaster", "visible", {});
    const { deps, visible, hydrated } = fakes();
    startIslands(pageOf(island), deps);
    await settle();
    expect(hydrated).toHaveLength(0);
    expect(visible[0]?.element).toBe(island);
    visible[0]?.run();
    await settle();
    expect(hydrated).toHaveLength(1);
  });

  it("R-WEB-ISLAND-2 an interaction island sleeps until used; the first tap is held and replayed once hydrated", async () => {
    const island = new FakeIsland("follow-button", "interaction", { mpId: "m2" });
    const { deps, hydrated, replayed, idle, visible } = fakes();
    startIslands(pageOf(island), deps);
    await settle();
    expect(idle.length + visible.length).toBe(0);
    expect(deps.load).not.toHaveBeenCalled();
    const button = new EventTarget();
    expect(tap(island, button).defaultPrevented).toBe(true);
    await settle();
    expect(hydrated).toHaveLength(1);
    expect(replayed).toEqual([button]);
    // once awake the island's own handlers answer: a later tap is not held
    const later = new Event("click", { cancelable: true });
    island.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    expect(deps.load).toHaveBeenCalledTimes(1);
  });

  it("R-WEB-ISLAND-2 an idle or visible island tapped before its trigger wakes at once and answers the held tap; once awake, taps pass", async () => {
    for (const policy of ["idle", "visible"]) {
      const island = new FakeIsland("cloud-form", policy, {});
      const { deps, hydrated, replayed } = fakes();
      startIslands(pageOf(island), deps);
      await settle();
      expect(deps.load).not.toHaveBeenCalled();
      const submit = new EventTarget();
      const held = tap(island, submit);
      // not the browser's own submit of the sleeping form: held, then replayed on the woken island
      expect(held.defaultPrevented, policy).toBe(true);
      await settle();
      expect(hydrated, policy).toHaveLength(1);
      expect(replayed, policy).toEqual([submit]);
      const later = new Event("click", { cancelable: true });
      island.dispatchEvent(later);
      expect(later.defaultPrevented, policy).toBe(false);
    }
  });

  it("R-WEB-ISLAND-2 an idle island woken by its trigger holds no later tap", async () => {
    const island = new FakeIsland("live-room", "idle", {});
    const { deps, idle, replayed } = fakes();
    startIslands(pageOf(island), deps);
    idle[0]?.();
    await settle();
    expect(island.getAttribute(awakeAttribute)).toBe("");
    const tap = new Event("click", { cancelable: true });
    island.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(false);
    expect(replayed).toEqual([]);
    expect(deps.load).toHaveBeenCalledTimes(1);
  });

  it("R-SITE-10 an interaction island whose chunk fails stops holding taps: its static HTML answers natively", async () => {
    const island = new FakeIsland("follow-button", "interaction", {});
    const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /y.js"));
    const { deps, replayed } = fakes({ load: failing });
    startIslands(pageOf(island), deps);
    const tap = new Event("click", { cancelable: true });
    island.dispatchEvent(tap);
    expect(tap.defaultPrevented).toBe(true);
    await settle();
    expect(deps.chunkFailed).toHaveBeenCalled();
    expect(replayed).toHaveLength(0);
    const next = new Event("click", { cancelable: true });
    island.dispatchEvent(next);
    expect(next.defaultPrevented).toBe(false);
  });

  it("R-WEB-ISLAND-2 focus or a key wakes an interaction island without holding anything", async () => {
    const island = new FakeIsland("follow-button", "interaction", { mpId: "m3" });
    const { deps, hydrated, replayed } = fakes();
    startIslands(pageOf(island), deps);
    island.dispatchEvent(new Event("focusin"));
    island.dispatchEvent(new Event("keydown"));
    await settle();
    expect(hydrated).toHaveLength(1);
    expect(replayed).toHaveLength(0);
  });

  it("R-WEB-ISLAND-3 a tap the page answers itself (a login-first control) is taken, and the island sleeps on", async () => {
    const island = new FakeIsland("comment-footer", "interaction", {});
    const answered: string[] = [];
    let anonymous = true;
    const { deps, hydrated, replayed } = fakes({
      answer: (event) => {
        if (!anonymous) return false;
        answered.push(event.type);
        return true;
      },
    });
    startIslands(pageOf(island), deps);
    island.dispatchEvent(new Event("pointerdown"));
    const tap = new Event("click", { cancelable: true });
    island.dispatchEvent(tap);
    expect(answered).toEqual(["pointerdown", "click"]);
    expect(tap.defaultPrevented).toBe(true);
    await settle();
    expect(deps.load).not.toHaveBeenCalled();
    expect(hydrated).toEqual([]);
    // once the page cannot answer (the visitor logged in), a tap wakes the island and is replayed
    anonymous = false;
    const next = new Event("click", { cancelable: true });
    island.dispatchEvent(next);
    expect(next.defaultPrevented).toBe(true);
    await settle();
    expect(hydrated).toHaveLength(1);
    expect(replayed).toHaveLength(1);
    // while an island is waking, its taps are held for it, never answered by the page
    anonymous = true;
    const other = new FakeIsland("follow-button", "idle", {});
    const answer = vi.fn(() => true);
    const slow = fakes({ answer, load: vi.fn(() => new Promise<unknown>(() => {})) });
    startIslands(pageOf(other), slow.deps);
    slow.idle[0]?.();
    const held = new Event("click", { cancelable: true });
    other.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    expect(answer).not.toHaveBeenCalled();
    expect(slow.deps.load).toHaveBeenCalledTimes(1);
  });

  it("R-WEB-ISLAND-2 islands wake by name when the store asks (a host), once each", async () => {
    const host = new FakeIsland("login-host", "interaction", {});
    const other = new FakeIsland("toaster", "interaction", {});
    const { deps, hydrated } = fakes();
    const controller = startIslands(pageOf(host, other), deps);
    await controller.wake("login-host");
    await controller.wake("login-host");
    expect(hydrated.map((h) => h.element)).toEqual([host]);
  });

  it("R-WEB-ISLAND-2 props round-trip, a hostile string included, and never close a tag", () => {
    const hostile = "</script><script>alert(1)</script><!-- & \u2028";
    const props = { text: hostile, nested: { list: [1, "<b>"] }, none: null };
    const written = jsonForScript(props);
    expect(written).not.toMatch(/[<>&\u2028]/);
    const island = new FakeIsland("toaster", "idle", props);
    expect(readProps(island as unknown as Element)).toEqual(props);
  });

  it("R-WEB-ISLAND-2 unreadable props give {} and an unknown policy is skipped with a warning", async () => {
    const broken = new FakeIsland("toaster", "idle", {});
    broken.setAttribute("data-props", "{not json");
    expect(readProps(broken as unknown as Element)).toEqual({});
    const odd = new FakeIsland("toaster", "sometime", {});
    const { deps, idle } = fakes();
    const controller = startIslands(pageOf(odd), deps);
    expect(controller.islands).toHaveLength(0);
    expect(idle).toHaveLength(0);
    expect(deps.warn).toHaveBeenCalled();
  });

  it("R-SITE-10 an island whose chunk fails to load hands the error to the reload rule (once a minute)", async () => {
    const storage = new Map<string, string>();
    const reload = vi.fn();
    let now = 1_000_000;
    const chunkFailed = (error: unknown) =>
      reloadForChunkError(error, {
        now: () => now,
        storage: { getItem: (k) => storage.get(k) ?? null, setItem: (k, v) => void storage.set(k, v) },
        reload,
      });
    const failing = () => Promise.reject(new TypeError("Failed to fetch dynamically imported module: /x.js"));
    const first = new FakeIsland("toaster", "idle", {});
    const { deps, idle } = fakes({ load: failing, chunkFailed });
    startIslands(pageOf(first), deps);
    idle[0]?.();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(storage.get(chunkReloadKey)).toBe(String(now));
    // a second failure within the minute does not reload again; the island just stays static
    now += 10_000;
    const second = new FakeIsland("toaster", "idle", {});
    const again = fakes({ load: failing, chunkFailed });
    startIslands(pageOf(second), again.deps);
    again.idle[0]?.();
    await settle();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.deps.warn).toHaveBeenCalled();
  });
});

describe("islands' shared store", () => {
  it("R-WEB-ISLAND-2 tells its listeners of a change, and of nothing when nothing changed", () => {
    const store = createStore({ user: null as string | null, loginRequests: 0 });
    const seen: number[] = [];
    const stop = store.subscribe(() => seen.push(store.get().loginRequests));
    store.set((s) => ({ loginRequests: s.loginRequests + 1 }));
    store.set({ user: null });
    store.set({ loginRequests: 2 });
    stop();
    store.set({ loginRequests: 3 });
    expect(seen).toEqual([1, 2]);
    expect(store.get()).toEqual({ user: null, loginRequests: 3 });
  });
});
