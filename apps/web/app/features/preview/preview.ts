/**
 * Editors' preview pages (R-ROUTE-5, R-ROUTE-6, R-UI-PREVIEWBAR), the browser's side: what a preview
 * page's loader data carries, and the freshness rule. Schema-free, so the page script stays small.
 *
 * `preview` in a detail page's loader data is the page's "this is a preview" signal: null on every
 * ordinary page; the tracker and anything else that must stay quiet in a preview read it (or the
 * `preview-…` actor in the path, which says the same).
 */
export interface PreviewInfo {
  /** the editor the link was minted for (actor `preview-{editor}`) */
  editor: string;
  /** when the link stops working, ms since the epoch */
  expiresAt: number;
}

/** A preview page older than this (by its `_` query value) reloads itself with `_` set to now. */
export const previewFreshMs = 30_000;

/** The URL to reload a preview page at, or null when its `_` is present and fresh. */
export function staleReloadUrl(href: string, now: number): string | null {
  const url = new URL(href);
  const stamp = Number(url.searchParams.get("_"));
  if (url.searchParams.has("_") && Number.isFinite(stamp) && now - stamp <= previewFreshMs) return null;
  url.searchParams.set("_", String(now));
  return url.toString();
}

/** mm:ss left, never below zero. */
export function formatRemaining(ms: number): string {
  const seconds = Math.max(0, Math.ceil(ms / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${minutes < 10 ? "0" : ""}${minutes}:${seconds % 60 < 10 ? "0" : ""}${seconds % 60}`;
}
