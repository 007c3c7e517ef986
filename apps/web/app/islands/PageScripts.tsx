import { createContext, useContext } from "react";
import { jsonForScript } from "../lib/json-script.ts";
import type { IslandPage } from "./page.ts";
import { islandPageId } from "./protocol.ts";

/**
 * The page's hand-off to the browser, made by entry.server.tsx (handoff.server.ts): what the islands'
 * providers need, and the island loader's URL (decisions 053, 058). Every page with scripts is an
 * island page; React Router's client and its data hand-off are never sent.
 */
export interface PageHandoff {
  island: IslandPage;
  /** `island` as the page writes it (jsonForScript), written once for the pages that share it */
  islandJson: string;
  /** URL of the island loader */
  entry: string;
  nonce: string | undefined;
}

export const PageHandoffContext = createContext<PageHandoff | null>(null);

/** Id of the element that names the page's script: the island loader. */
export const pageModulesId = "page-modules";

/** Longest the scripts wait for the page to load and paint: a picture that never arrives holds no page back. */
export const bootFallbackMs = 3000;

/**
 * Starts the page's script once the page has loaded (its pictures included, lazy ones excepted) and
 * its first paint has reached the screen, or after `bootFallbackMs` at the latest (decision 017):
 * until then the first screen's text and lead picture have the connection and the main thread to
 * themselves; a `<script src>` in the markup would be fetched at once at high priority, and a module
 * script alone runs as soon as the document is parsed, which on a fast arrival is before the first
 * paint. A frame's callbacks run before its pixels are shown, so the paint is awaited through its
 * Paint Timing entry where the browser has one (Chrome), else two frames later (Safari before 14).
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

const modulesJson = new Map<string, string>();
/** The loader's URL as the page names it: the same text for every page. */
function pageModulesJson(entry: string): string {
  let json = modulesJson.get(entry);
  if (json === undefined) {
    json = jsonForScript({ entry, preload: [] });
    modulesJson.set(entry, json);
  }
  return json;
}

/**
 * The end of every page: what the islands need as JSON (not executed, so the CSP is not involved),
 * the loader's URL, and the boot script that imports it after the first paint.
 */
export function PageScripts() {
  const handoff = useContext(PageHandoffContext);
  if (!handoff) return null;
  return (
    <>
      <script
        type="application/json"
        id={islandPageId}
        nonce={handoff.nonce}
        dangerouslySetInnerHTML={{ __html: handoff.islandJson }}
      />
      <script
        type="application/json"
        id={pageModulesId}
        nonce={handoff.nonce}
        dangerouslySetInnerHTML={{ __html: pageModulesJson(handoff.entry) }}
      />
      <script type="module" nonce={handoff.nonce} dangerouslySetInnerHTML={{ __html: bootScript }} />
    </>
  );
}
