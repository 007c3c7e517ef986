import { prefetchIdleTimeoutMs } from "./prefetch-timing.ts";

/** Idle prefetch of the share links a visitor can see (spec §4, R-SITE-9). */
export { prefetchIdleTimeoutMs };
/** Most links one page prefetches. */
export const prefetchMaxLinks = 6;

export interface NetworkState {
  onLine: boolean;
  connection?: { saveData?: boolean; effectiveType?: string } | null;
}

/** Prefetch only online, off 2g (slow-2g included) and without data-saver. */
export function shouldPrefetch(network: NetworkState): boolean {
  if (!network.onLine) return false;
  const connection = network.connection;
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !/(^|-)2g$/.test(connection.effectiveType ?? "");
}

/** Share links worth prefetching: on the site, not the current page, not yet fetched; at most `max`. */
export function linksToPrefetch(
  hrefs: readonly string[],
  opts: { base: string; current: string; done: ReadonlySet<string>; max?: number },
): string[] {
  const picked: string[] = [];
  for (const href of hrefs) {
    if (picked.length >= (opts.max ?? prefetchMaxLinks)) break;
    if (!href.startsWith(opts.base) || href === opts.current || opts.done.has(href) || picked.includes(href)) continue;
    picked.push(href);
  }
  return picked;
}

type IdleWindow = Window & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Runs `work` when the browser is idle (at most 2 s later); setTimeout where requestIdleCallback is missing. */
export function whenIdle(work: () => void, win: IdleWindow = window): () => void {
  if (typeof win.requestIdleCallback === "function") {
    const handle = win.requestIdleCallback(work, { timeout: prefetchIdleTimeoutMs });
    return () => win.cancelIdleCallback?.(handle);
  }
  const timer = win.setTimeout(work, 1);
  return () => win.clearTimeout(timer);
}

const fetched = new Set<string>();

/** Adds `<link rel="prefetch">` for the share links in view; a no-op when the network says not to. */
export function prefetchVisibleLinks(base: string): void {
  const nav = navigator as Navigator & { connection?: NetworkState["connection"] };
  if (!shouldPrefetch({ onLine: nav.onLine, connection: nav.connection })) return;
  const height = window.innerHeight;
  const hrefs: string[] = [];
  for (const anchor of Array.from(document.querySelectorAll<HTMLAnchorElement>("a[href]"))) {
    const rect = anchor.getBoundingClientRect();
    if (rect.bottom > 0 && rect.top < height && rect.width > 0) hrefs.push(anchor.getAttribute("href") ?? "");
  }
  const current = window.location.pathname + window.location.search;
  for (const href of linksToPrefetch(hrefs, { base, current, done: fetched })) {
    fetched.add(href);
    const link = document.createElement("link");
    link.rel = "prefetch";
    link.href = href;
    document.head.appendChild(link);
  }
}
