import { createContext, useContext } from "react";
import { jsonForScript, type PageData, pageDataId } from "./page-data.ts";

/** The page's hand-off to the browser, made by entry.server.tsx (handoff.server.ts). */
export interface PageHandoff {
  data: PageData;
  /** URL of the hydration entry (entry.client.tsx) */
  entry: string;
  /** Modules the page imports: the entry's and the matched routes' */
  preload: string[];
  nonce: string | undefined;
}

export const PageHandoffContext = createContext<PageHandoff | null>(null);

const attribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/**
 * The end of every page (decision 014): its data as JSON (not executed, so the CSP is not involved),
 * preload hints for the modules it imports, and one module script, the hydration entry. The hints go
 * in the body, after the content, so they never compete with the first paint (the head carries none).
 * Renders nothing in the browser: hydration leaves the server's nodes at the end of the body alone.
 */
export function PageScripts() {
  const handoff = useContext(PageHandoffContext);
  if (!handoff) return null;
  const hints = handoff.preload.map((href) => `<link rel="modulepreload" href="${attribute(href)}">`).join("");
  return (
    <>
      <script
        type="application/json"
        id={pageDataId}
        nonce={handoff.nonce}
        dangerouslySetInnerHTML={{ __html: jsonForScript(handoff.data) }}
      />
      {hints ? <div hidden dangerouslySetInnerHTML={{ __html: hints }} /> : null}
      <script type="module" src={handoff.entry} nonce={handoff.nonce} />
    </>
  );
}
