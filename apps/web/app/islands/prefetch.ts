import { awakeAttribute, type WakePolicy } from "./protocol.ts";

/**
 * The code of the page's sleeping islands, fetched once the page is idle (decision 068): React, the
 * hydration module and each sleeping island's chunks go to the browser's cache as `<link
 * rel="prefetch">`, at the network's lowest priority and without running anything. A first tap then
 * waits for the code to run, not for the network. No React here.
 */

/** The build's map (apps/web/island-code.ts): `hydrate` is what every island needs. */
export interface IslandCodeMap {
  hydrate: string[];
  islands: Record<string, string[]>;
}

/** How long the map may take to come before the page gives it up. */
export const codeMapTimeoutMs = 10_000;

/**
 * The files to fetch for the islands that are still asleep and wait for a tap: nothing if none.
 * Islands woken at idle or in view fetch their own code as they wake.
 */
export function filesToPrefetch(
  map: IslandCodeMap,
  islands: ReadonlyArray<{ element: Element; name: string; wake: WakePolicy }>,
): string[] {
  const files = new Set<string>();
  for (const island of islands) {
    if (island.wake !== "interaction" || island.element.hasAttribute(awakeAttribute)) continue;
    for (const file of map.islands[island.name] ?? []) files.add(file);
  }
  if (files.size === 0) return [];
  return [...map.hydrate, ...files].filter((file, index, all) => all.indexOf(file) === index);
}

function readMap(value: unknown): IslandCodeMap | null {
  if (value === null || typeof value !== "object") return null;
  const map = value as Partial<IslandCodeMap>;
  if (!Array.isArray(map.hydrate) || map.islands === null || typeof map.islands !== "object") return null;
  return map as IslandCodeMap;
}

type Connection = { saveData?: boolean; effectiveType?: string };

/**
 * Fetches the map at `url` and adds a prefetch link for each file the sleeping islands need. Nothing
 * when the visitor asked to save data, on a 2G connection, or where the browser cannot prefetch
 * (Safari): their taps fetch the code as before.
 */
export async function prefetchIslandCode(
  url: string,
  islands: ReadonlyArray<{ element: Element; name: string; wake: WakePolicy }>,
  doc: Document = document,
): Promise<void> {
  if (!url) return;
  const connection = (navigator as Navigator & { connection?: Connection }).connection;
  if (connection?.saveData || /(^|-)2g$/.test(connection?.effectiveType ?? "")) return;
  const probe = doc.createElement("link");
  if (!probe.relList?.supports?.("prefetch")) return;
  const controller = typeof AbortController === "function" ? new AbortController() : null;
  const timer = setTimeout(() => controller?.abort(), codeMapTimeoutMs);
  try {
    const answer = await fetch(url, { signal: controller?.signal });
    const map = answer.ok ? readMap(await answer.json()) : null;
    if (!map) return;
    const present = new Set(Array.from(doc.querySelectorAll<HTMLLinkElement>("link[href]"), (link) => link.href));
    for (const file of filesToPrefetch(map, islands)) {
      const link = doc.createElement("link");
      link.rel = "prefetch";
      link.as = "script";
      // as a module script asks for it (CORS, same-origin credentials), so the cached answer serves the import
      link.crossOrigin = "anonymous";
      link.href = file;
      if (present.has(link.href)) continue;
      doc.head.appendChild(link);
    }
  } finally {
    clearTimeout(timer);
  }
}
