import { siteBase } from "@davmu/contracts/site-path";

/** The site's service worker (R-SITE-8): one script for the whole site, scoped to it. */
export const serviceWorkerUrl = `${siteBase}sw.js`;
export const serviceWorkerScope = siteBase;

/** Registers the service worker; browsers without one, or that refuse it, just go on without. */
export function registerServiceWorker(nav: Navigator = navigator): void {
  try {
    if (!("serviceWorker" in nav) || !nav.serviceWorker) return;
    nav.serviceWorker.register(serviceWorkerUrl, { scope: serviceWorkerScope }).catch((error: unknown) => {
      console.info("service worker not registered:", (error as Error)?.message ?? error);
    });
  } catch (error) {
    console.info("service worker unsupported:", (error as Error)?.message ?? error);
  }
}
