import type { ContentType } from "@davmu/contracts/content";
import { siteBase } from "@davmu/contracts/site-path";
import { statsPageFor } from "@davmu/contracts/stats";
import { localValues, safeStore, uuid } from "../../lib/local-values.ts";
import { trackingAllowed } from "./tracker-page.ts";

/** What the tracker needs to know of a page, read from its address (pages are document loads). */
export interface TrackedPage {
  /** a preview link (actor `preview-…`, or `?preview`): nothing is sent */
  preview: boolean;
  /** the detail page's content item, null on lists and other pages */
  detail: { postId: string; contentType: ContentType } | null;
}

/** The path segment of each detail route (app/routes.ts) and the content type it shows. */
const detailSegments: Record<string, ContentType> = {
  doc: "article",
  video: "video",
  svideo: "svideo",
  audio: "audio",
  audio_album: "audio_album",
  video_album: "video_album",
  gallery: "image",
  local_live: "local_live",
  mini_program: "mini_program",
  special: "special",
  form: "cloud_form",
};

const publicIdPattern = /^[A-Za-z0-9_-]{1,64}$/;

export function trackedPage(pathname: string, search: string): TrackedPage {
  const inner = pathname.startsWith(siteBase) ? pathname.slice(siteBase.length) : pathname.replace(/^\//, "");
  const parts = inner.split("/").filter(Boolean);
  const preview = (parts[0] ?? "").startsWith("preview-") || /[?&]preview(=|&|$)/.test(search);
  let detail: TrackedPage["detail"] = null;
  // special/{id}/index.html, or {actor}/{type}/{yyyy}/{mm}/{id}/index.html
  const typeAt = parts[0] === "special" ? 0 : 1;
  const contentType = detailSegments[parts[typeAt] ?? ""];
  const postId = parts[parts.length - 2];
  if (contentType && parts.length >= typeAt + 3 && postId && publicIdPattern.test(postId)) {
    detail = { postId, contentType };
  }
  return { preview, detail };
}

/** The beacon's path under the stat base (calls.trackerLog, R-TRACK-1). */
export const trackerPath = "/tracker/log";
/** Events kept when they could not be sent, for the next visit. */
export const pendingKey = "DAVMU_TRACKING_PENDING";
const maxPending = 200;
const perRequest = 50;
/** A batch waits this long for more events before it goes. */
const batchMs = 5000;
/** The statistics call comes this long after the detail page loads (spec §9, R-TRACK-4). */
export const viewDelayMs = 1000;

type Behavior = "read" | "view" | "expose" | "open_app";
export interface BeaconEvent {
  event_id: string;
  timestamp: number;
  version: "1";
  terminal: "wap";
  tid: string;
  behavior: Behavior;
  device_type: "Android" | "IOS";
  device_os: string;
  user_id: string;
  visit?: string;
  duration?: number;
  percent?: number;
  page_type?: string;
  series?: string;
  outcome?: string;
}

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The deepest point of the page seen so far, in percent of its height. */
export function scrollPercent(scrollY: number, viewport: number, height: number): number {
  if (height <= viewport) return 100;
  return Math.max(0, Math.min(100, Math.floor(((scrollY + viewport) / height) * 100)));
}

/** A card's content id: the `data-tid` the card carries. */
const cardSelector = "[data-tid]";

let active: ReturnType<typeof createTracker> | null = null;

function createTracker(statBase: string, page: TrackedPage, loadedAt: number) {
  const store = safeStore(storage());
  const meta = localValues(store, navigator.userAgent).deviceMeta();
  // a visit is one showing of the page: its view, and its read however often it is updated; a page
  // restored from the back/forward cache is a new one
  let visit = uuid();
  let queue: BeaconEvent[] = [];
  let timer = 0;

  const event = (behavior: Behavior, tid: string, extra: Partial<BeaconEvent> = {}): BeaconEvent => ({
    event_id: uuid(),
    timestamp: Math.floor(Date.now() / 1000),
    version: "1",
    terminal: "wap",
    tid,
    behavior,
    device_type: meta.device_type,
    device_os: meta.device_os,
    user_id: meta.user_id,
    visit,
    ...extra,
  });

  function keep(events: BeaconEvent[]) {
    if (!trackingAllowed()) return;
    let kept: BeaconEvent[] = [];
    try {
      kept = JSON.parse(store.getItem(pendingKey) ?? "[]") as BeaconEvent[];
    } catch {
      kept = [];
    }
    store.setItem(pendingKey, JSON.stringify(kept.concat(events).slice(-maxPending)));
  }

  /** Kept events go again after `seconds` (a 503's Retry-After), while the page stays. */
  let retryTimer = 0;
  function retryAfter(seconds: number) {
    if (retryTimer) return;
    retryTimer = window.setTimeout(
      () => {
        retryTimer = 0;
        takeKept();
        if (queue.length) flush();
      },
      Math.min(Math.max(seconds, 1), 60) * 1000,
    );
  }

  /**
   * While the page stays, fetch, whose answer is seen: a beacon refused for now (503 while the
   * server cannot store, 429) or not sent (offline) is kept and sent again after its Retry-After
   * (R-REL-4). As the page goes (`leaving`), sendBeacon, which the browser sends after the page is
   * gone; else fetch with keepalive; else kept for the next visit.
   */
  function send(events: BeaconEvent[], leaving: boolean) {
    const url = statBase + trackerPath;
    const canFetch = typeof fetch === "function";
    for (let i = 0; i < events.length; i += perRequest) {
      const part = events.slice(i, i + perRequest);
      const body = JSON.stringify(part);
      if (leaving || !canFetch) {
        try {
          if (
            typeof navigator.sendBeacon === "function" &&
            navigator.sendBeacon(url, new Blob([body], { type: "text/plain" }))
          )
            continue;
        } catch {
          // refused (too large, or blocked): try fetch
        }
      }
      if (!canFetch) {
        keep(part);
        continue;
      }
      fetch(url, {
        method: "POST",
        body,
        keepalive: true,
        credentials: "omit",
        headers: { "content-type": "text/plain" },
      })
        .then((response) => {
          if (response.status >= 500 || response.status === 429) {
            keep(part);
            retryAfter(Number(response.headers.get("retry-after")) || 5);
          }
        })
        .catch(() => {
          keep(part);
          retryAfter(5);
        });
    }
  }

  function flush(leaving = false) {
    window.clearTimeout(timer);
    timer = 0;
    const events = queue;
    queue = [];
    if (events.length && trackingAllowed()) send(events, leaving);
  }

  function push(e: BeaconEvent) {
    queue.push(e);
    if (queue.length >= 20) flush();
    else if (!timer) timer = window.setTimeout(() => flush(), batchMs);
  }

  /** Moves the events kept (on an earlier visit, or refused on this one) to the queue. */
  function takeKept() {
    const kept = store.getItem(pendingKey);
    if (!kept) return;
    store.removeItem(pendingKey);
    try {
      for (const e of JSON.parse(kept) as BeaconEvent[]) queue.push(e);
    } catch {
      // a damaged list is dropped
    }
  }
  // events kept on an earlier visit go first
  takeKept();

  // reading: seconds the page was in view, and the deepest scroll (which only grows)
  let readMs = 0;
  let visibleSince: number | null = document.visibilityState === "hidden" ? null : performance.now();
  let deepest = 0;
  let sent = { duration: -1, percent: -1 };
  const measure = () => {
    const root = document.documentElement;
    // the page's height as the tallest of its measures (some browsers report it on body only)
    const height = Math.max(root.scrollHeight, root.offsetHeight, document.body ? document.body.scrollHeight : 0);
    deepest = Math.max(deepest, scrollPercent(window.scrollY || root.scrollTop, window.innerHeight, height));
  };
  const readSeconds = () =>
    Math.round((readMs + (visibleSince === null ? 0 : performance.now() - visibleSince)) / 1000);
  // the read goes once per leaving: hiding and then closing the page send one, until the reader
  // is back (visible again), when a later leaving updates it (same visit: counted once)
  let readDue = true;
  function queueRead() {
    if (!page.detail || !readDue) return;
    measure();
    const duration = readSeconds();
    readDue = false;
    if (duration === sent.duration && deepest === sent.percent) return;
    sent = { duration, percent: deepest };
    queue.push(event("read", page.detail.postId, { duration, percent: deepest }));
  }

  // the statistics call (R-TRACK-4): the detail page's view, with its page type and series, sent (not
  // batched) a second after load; a reader who leaves before then is a view too, sent with the read
  let viewDue = page.detail !== null;
  let viewTimer = 0;
  function queueView() {
    window.clearTimeout(viewTimer);
    if (!page.detail || !viewDue) return;
    viewDue = false;
    const stats = statsPageFor(page.detail.contentType);
    queue.push(event("view", page.detail.postId, stats ? { page_type: stats.pageType, series: stats.series } : {}));
  }
  function viewAfter(start: number) {
    viewTimer = window.setTimeout(
      () => {
        queueView();
        flush();
      },
      Math.max(0, start + viewDelayMs - performance.now()),
    );
  }

  // leaving by any way (a link, Back, closing, the app switcher, hiding): the view if it has not
  // gone yet, the read so far and everything waiting go now
  const leave = () => {
    queueView();
    queueRead();
    flush(true);
  };
  const hidden = () => {
    if (visibleSince !== null) readMs += performance.now() - visibleSince;
    visibleSince = null;
    leave();
  };
  const onVisibility = () => {
    if (document.visibilityState === "hidden") {
      hidden();
    } else if (visibleSince === null) {
      visibleSince = performance.now();
      readDue = true;
    }
  };
  // back from the back/forward cache: a new visit of the page, with its own view and read
  const onShow = (e: PageTransitionEvent) => {
    if (!e.persisted) return;
    visit = uuid();
    readMs = 0;
    visibleSince = document.visibilityState === "hidden" ? null : performance.now();
    deepest = 0;
    sent = { duration: -1, percent: -1 };
    readDue = true;
    viewDue = page.detail !== null;
    if (page.detail) {
      measure();
      viewAfter(performance.now());
    }
  };
  let scrollQueued = false;
  const onScroll = () => {
    if (scrollQueued) return;
    scrollQueued = true;
    window.requestAnimationFrame(() => {
      scrollQueued = false;
      measure();
    });
  };
  if (page.detail) {
    measure();
    window.addEventListener("scroll", onScroll, { passive: true });
  }
  // pagehide: the page goes (a link, Back, closing), into the back/forward cache or for good
  window.addEventListener("pagehide", hidden);
  window.addEventListener("pageshow", onShow);
  document.addEventListener("visibilitychange", onVisibility);

  // exposure: once per card id, when the card is wholly inside its scroll area
  const exposed = new Set<string>();
  let seenIds: string[] = [];
  let exposeTimer = 0;
  const sendExposures = () => {
    exposeTimer = 0;
    for (let i = 0; i < seenIds.length; i += 50) push(event("expose", seenIds.slice(i, i + 50).join("|")));
    seenIds = [];
  };
  const observer =
    typeof IntersectionObserver === "function"
      ? new IntersectionObserver(
          (entries, self) => {
            for (const entry of entries) {
              if (!entry.isIntersecting || entry.intersectionRatio < 0.999) continue;
              const id = (entry.target as HTMLElement).dataset.tid;
              self.unobserve(entry.target);
              if (!id || exposed.has(id)) continue;
              exposed.add(id);
              seenIds.push(id);
              if (!exposeTimer) exposeTimer = window.setTimeout(sendExposures, 300);
            }
          },
          { threshold: 1 },
        )
      : null;
  const watched = new WeakSet<Element>();
  const watchCards = () => {
    if (!observer) return;
    for (const card of Array.from(document.querySelectorAll(cardSelector))) {
      if (watched.has(card)) continue;
      watched.add(card);
      observer.observe(card);
    }
  };
  watchCards();
  // cards added later (加载更多, lists loaded after the page)
  let scanTimer = 0;
  const mutations =
    typeof MutationObserver === "function"
      ? new MutationObserver(() => {
          if (!scanTimer)
            scanTimer = window.setTimeout(() => {
              scanTimer = 0;
              watchCards();
            }, 200);
        })
      : null;
  mutations?.observe(document.body, { childList: true, subtree: true });

  if (page.detail) viewAfter(loadedAt);
  // events kept from an earlier visit go with the view, or after the batch's wait on other pages
  if (queue.length && !page.detail) timer = window.setTimeout(() => flush(), batchMs);
  // a page that is already hidden when the tracker starts (opened in the background, or left while
  // its scripts loaded) has its read and view go at once
  if (document.visibilityState === "hidden") leave();

  return {
    /** Another part of the page reports an event (the open-app chain's outcomes, say). */
    report(behavior: Behavior, tid: string, extra: Partial<BeaconEvent> = {}) {
      if (trackingAllowed()) push(event(behavior, tid, extra));
    },
    flush: leave,
  };
}

/**
 * Runs the tracker once per page (features/tracking/tracker-page.ts starts it as the page starts); `loadedAt` is
 * when the page loaded (performance.now()), which the view's second is counted from.
 */
export function runTracker(statBase: string, loadedAt: number): void {
  if (active || !trackingAllowed()) return;
  active = createTracker(statBase, trackedPage(location.pathname, location.search), loadedAt);
  // the page's tracker is running (a monitoring script or a browser test can wait for it)
  document.documentElement.dataset.tracking = "";
}

/**
 * Reports an event from elsewhere in the page, e.g. an open-app outcome:
 * `trackEvent("open_app", postId, { outcome: "launched" })`. Dropped before the tracker runs and
 * when tracking is off.
 */
export function trackEvent(behavior: Behavior, tid: string, extra: Partial<BeaconEvent> = {}): void {
  active?.report(behavior, tid, extra);
}
