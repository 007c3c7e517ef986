/*
 * The share site's service worker (R-SITE-8, R-WEB-OFFLINE), scope /davmu/share/.
 * - Built assets (hashed, immutable) and media images: cache first, kept in bounded caches.
 * - Pages: network first; each page read is kept (the last 20), and when the network fails a
 *   navigation gets its kept copy, else the offline page.
 * - Tracking beacons (POST …/tracker/log) are sent by the worker itself, never cached: they outlive
 *   the page that sent them.
 * - Never cached: editors' previews (preview-…), anything but GET, API calls, requests carrying credentials, answers that set
 *   cookies or say private/no-store. Pages are rendered for an anonymous visitor (the visitor's
 *   token stays in localStorage), so a kept page holds no one's account.
 * Plain ES2019 with no imports: it runs as written in WeChat's browsers, under the site's CSP
 * (script-src 'self').
 */
var VERSION = "v1";
var BASE = "/davmu/share/";
var OFFLINE_URL = `${BASE}offline.html`;
var OFFLINE_CSS = `${BASE}offline.css`;
var ASSETS = `davmu-assets-${VERSION}`;
var PAGES = `davmu-pages-${VERSION}`;
var MEDIA = `davmu-media-${VERSION}`;
var LIMITS = {};
LIMITS[PAGES] = 20;
LIMITS[MEDIA] = 60;
LIMITS[ASSETS] = 80;

self.addEventListener("install", (event) => {
  event.waitUntil(
    caches
      .open(PAGES)
      .then((cache) =>
        cache.addAll([new Request(OFFLINE_URL, { cache: "reload" }), new Request(OFFLINE_CSS, { cache: "reload" })]),
      )
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener("activate", (event) => {
  var keep = [ASSETS, PAGES, MEDIA];
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.indexOf("davmu-") === 0 && keep.indexOf(name) < 0)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

/** Whether an answer may be kept for anyone who asks again. */
function storable(response) {
  // biome-ignore lint/complexity/useOptionalChain: Chrome 78 (WeChat on Android) has no optional chaining
  if (!response || response.status !== 200 || response.type !== "basic") return false;
  if (response.headers.has("set-cookie")) return false;
  var cacheControl = response.headers.get("cache-control") || "";
  return !/private|no-store/i.test(cacheControl);
}

/** Keeps at most the cache's limit, dropping the oldest first. */
function trim(name) {
  return caches.open(name).then((cache) =>
    cache.keys().then((keys) => {
      var extra = keys.length - LIMITS[name];
      if (extra <= 0) return undefined;
      return Promise.all(
        keys.slice(0, extra).map((key) => {
          var path = new URL(key.url).pathname;
          return path === OFFLINE_URL || path === OFFLINE_CSS ? undefined : cache.delete(key);
        }),
      );
    }),
  );
}

function put(name, request, response) {
  return caches
    .open(name)
    .then((cache) => {
      // deleting first moves a page read again to the newest end
      return cache.delete(request).then(() => cache.put(request, response));
    })
    .then(() => trim(name));
}

function cacheFirst(event, name) {
  event.respondWith(
    caches.match(event.request, { cacheName: name }).then((hit) => {
      if (hit) return hit;
      return fetch(event.request).then((response) => {
        if (storable(response)) event.waitUntil(put(name, event.request, response.clone()));
        return response;
      });
    }),
  );
}

function networkFirstPage(event) {
  var request = event.request;
  event.respondWith(
    fetch(request)
      .then((response) => {
        var type = response.headers.get("content-type") || "";
        if (storable(response) && type.indexOf("text/html") === 0) {
          event.waitUntil(put(PAGES, request, response.clone()));
        }
        return response;
      })
      .catch(() =>
        caches
          .match(request, { cacheName: PAGES })
          .then((hit) => hit || caches.match(OFFLINE_URL, { cacheName: PAGES })),
      ),
  );
}

/** The tracking beacon's address ({stat base}/tracker/log, on this origin or the stat base's). */
function isTrackerLog(request) {
  return request.method === "POST" && /\/tracker\/log$/.test(new URL(request.url).pathname);
}

self.addEventListener("fetch", (event) => {
  var request = event.request;
  // A beacon sent as its page goes (a tapped link, Back) is sent from here. Left to the page's own
  // fallback, Chromium drops it with the page it came from; the worker outlives the page and keeps
  // the request alive until it is answered (R-FIELD-3).
  if (isTrackerLog(request)) return event.respondWith(fetch(request));
  if (request.method !== "GET") return;
  if (request.headers.has("authorization")) return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  // editors' previews (actor preview-…) and their expired page: the network alone, never a kept copy
  if (url.pathname.indexOf(`${BASE}preview`) === 0) return;
  if (url.pathname.indexOf(`${BASE}assets/`) === 0) return cacheFirst(event, ASSETS);
  if (url.pathname.indexOf("/media/") === 0) return cacheFirst(event, MEDIA);
  if (url.pathname === OFFLINE_CSS) return cacheFirst(event, PAGES);
  // a page inside the desktop wrapper's frame goes to the network as the browser sends it: fetched from
  // here it would no longer say it is framed (Sec-Fetch-Dest), and the server would wrap it again
  if (request.destination === "iframe") return;
  if (request.mode === "navigate" && url.pathname.indexOf(BASE) === 0 && url.pathname !== `${BASE}sw.js`) {
    return networkFirstPage(event);
  }
});
