import { createContext, useContext } from "react";
import type { IslandPage } from "../../islands/page.ts";
import { islandPageId } from "../../islands/protocol.ts";
import { jsonForScript, type PageData, pageDataId } from "./page-data.ts";

/**
 * The page's hand-off to the browser, made by entry.server.tsx (handoff.server.ts). An island page
 * (decision 053) hands over `island` instead of `data`: what the islands' providers need, and as its
 * entry the island loader, which hydrates the islands alone.
 */
export interface PageHandoff {
  data: PageData | null;
  island: IslandPage | null;
  /** URL of the hydration entry (entry.client.tsx) */
  entry: string;
  /** Modules the page imports: the entry's and the matched routes' */
  preload: string[];
  nonce: string | undefined;
}

export const PageHandoffContext = createContext<PageHandoff | null>(null);

/** Id of the element that lists the page's modules: the hydration entry and what it imports. */
export const pageModulesId = "page-modules";

/** Longest the scripts wait for the page to load and paint: a picture that never arrives holds no page back. */
export const bootFallbackMs = 3000;

/**
 * Starts the page's scripts once the page has loaded (its pictures included, lazy ones excepted) and
 * its first paint has reached the screen, or after `bootFallbackMs` at the latest: a modulepreload hint
 * for every module the page imports, so none waits for another, then the entry. Until then the first
 * screen's text and lead picture have the connection and the main thread to themselves; a hint or
 * `<script src>` in the markup would be fetched at once at high priority, ahead of the lead picture,
 * and a module script alone runs as soon as the document is parsed, which on a fast arrival is before
 * the first paint. A frame's callbacks run before its pixels are shown, so the paint is awaited through
 * its Paint Timing entry where the browser has one (Chrome), else two frames later (Safari before 14).
 * The same text on every page: one CSP hash covers it on cached pages.
 */
export const bootScript =
  "(function(){var s=0;function start(){if(s)return;s=1;setTimeout(function(){" +
  `var m=JSON.parse(document.getElementById("${pageModulesId}").textContent);` +
  'm.preload.forEach(function(h){var l=document.createElement("link");l.rel="modulepreload";l.href=h;document.head.appendChild(l)});' +
  "import(m.entry)})}" +
  "function painted(){var P=window.PerformanceObserver;" +
  'if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0){' +
  'var o=new P(function(l){if(l.getEntriesByName("first-contentful-paint").length){o.disconnect();start()}});' +
  'o.observe({type:"paint",buffered:true})}' +
  "else requestAnimationFrame(function(){requestAnimationFrame(start)})}" +
  'if(document.readyState==="complete")painted();else addEventListener("load",painted);' +
  `setTimeout(start,${bootFallbackMs})})()`;

/**
 * The end of every page (decision 014): its data as JSON (not executed, so the CSP is not involved),
 * the list of its modules, and the boot script that loads them after the first paint. Renders
 * nothing in the browser: hydration leaves the server's nodes at the end of the body alone.
 */
export function PageScripts() {
  const handoff = useContext(PageHandoffContext);
  if (!handoff) return null;
  return (
    <>
      {handoff.island ? (
        <script
          type="application/json"
          id={islandPageId}
          nonce={handoff.nonce}
          dangerouslySetInnerHTML={{ __html: jsonForScript(handoff.island) }}
        />
      ) : (
        <script
          type="application/json"
          id={pageDataId}
          nonce={handoff.nonce}
          dangerouslySetInnerHTML={{ __html: jsonForScript(handoff.data) }}
        />
      )}
      <script
        type="application/json"
        id={pageModulesId}
        nonce={handoff.nonce}
        dangerouslySetInnerHTML={{ __html: jsonForScript({ entry: handoff.entry, preload: handoff.preload }) }}
      />
      <script type="module" nonce={handoff.nonce} dangerouslySetInnerHTML={{ __html: bootScript }} />
    </>
  );
}
