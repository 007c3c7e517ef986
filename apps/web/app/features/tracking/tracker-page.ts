/**
 * The tracker's starter, in every page's first load: whether this visitor on this page may be
 * tracked (not a preview, not opted out in the nav panel, no Global Privacy Control), and the import
 * of the tracker itself (features/tracking/tracker.ts, a chunk of its own) as the page starts.
 */
import { siteBase } from "@davmu/contracts/site-path";

/** A preview link (actor `preview-…`, or `?preview`): nothing is sent from it. */
export function isPreviewPage(pathname: string, search: string): boolean {
  return pathname.startsWith(`${siteBase}preview-`) || /[?&]preview(=|&|$)/.test(search);
}

/** Where the opt-out switch (nav panel settings) is kept. */
export const trackingOptOutKey = "DAVMU_TRACKING_OFF";

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The browser asks sites not to track (Global Privacy Control). */
export function globalPrivacyControl(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}

export function trackingOptedOut(): boolean {
  try {
    return storage()?.getItem(trackingOptOutKey) === "1";
  } catch {
    return false;
  }
}

export function setTrackingOptOut(off: boolean): void {
  try {
    if (off) storage()?.setItem(trackingOptOutKey, "1");
    else storage()?.removeItem(trackingOptOutKey);
  } catch {
    // private mode: the switch holds for this page only
  }
}

/** Whether this visitor on this page may be tracked: not a preview, not opted out, no GPC. */
export function trackingAllowed(): boolean {
  return !isPreviewPage(location.pathname, location.search) && !trackingOptedOut() && !globalPrivacyControl();
}

/**
 * Starts the tracker (R-TRACK-4, R-FIELD-3) as the page starts: its code (a chunk of its own, not in
 * the page's first load) is fetched at once, so that a reader who leaves in the first second is
 * counted; the view goes a second after this call, the page's load as its scripts see it. Nothing
 * at all in a preview or for a visitor who opted out.
 */
export function startTracking(statBase: string): void {
  if (!trackingAllowed()) return;
  const loadedAt = performance.now();
  import("./tracker.ts")
    .then((m) => m.runTracker(statBase, loadedAt))
    .catch((error) => console.info("tracking skipped:", error));
}
