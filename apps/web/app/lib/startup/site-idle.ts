import { installChunkReload } from "./chunk-reload.ts";
import { prefetchVisibleLinks } from "./prefetch.ts";
import { registerServiceWorker } from "./service-worker.ts";

let registered = false;

/**
 * Work each page does once the browser is idle: the chunk-reload guard and the service worker
 * (once), then prefetching the links in view.
 */
export function onIdle(base: string): void {
  if (!registered) {
    registered = true;
    installChunkReload();
    registerServiceWorker();
  }
  prefetchVisibleLinks(base);
}
