import siteCss from "./app.css?inline";
import album from "./styles/album.css?inline";
import gallery from "./styles/gallery.css?inline";
import live from "./styles/live.css?inline";
import media from "./styles/media.css?inline";
import miniProgram from "./styles/mini-program.css?inline";
import nav from "./styles/nav.css?inline";
import pc from "./styles/pc.css?inline";
import special from "./styles/special.css?inline";

/**
 * Parts of the stylesheet that only some page types draw with. A page inlines the site's stylesheet
 * and the parts its routes name in their `handle` (`export const handle: PageHandle`), so an article
 * does not carry the players', gallery's or special topics' rules in its first packet.
 */
const parts = { album, gallery, live, media, "mini-program": miniProgram, nav, pc, special } as const;
export type StylePart = keyof typeof parts;

/** What a route module's `handle` says of its page. */
export interface PageHandle {
  /** Parts of the stylesheet the route's page draws with, besides the site's own */
  styles?: readonly StylePart[];
  /**
   * The route's page is drawn as an island page (decisions 053, 058): its interactive parts are
   * islands that hydrate alone, the rest never. Every page is one; every route with scripts says so,
   * next to the record of which islands it has (islands/public-apis.test.ts requires it)
   */
  islands?: true;
}

/**
 * The stylesheet a page inlines in its head: the site's own, then each part its matched routes name,
 * once, in the order of `parts`. Called on the server only: the browser reads its copy back from the
 * page, so none of these texts is shipped in a script (root.tsx).
 */
export function pageStylesheet(handles: readonly unknown[]): string {
  const wanted = new Set<StylePart>();
  for (const handle of handles) {
    for (const part of (handle as PageHandle | undefined)?.styles ?? []) wanted.add(part);
  }
  let css = siteCss;
  for (const name of Object.keys(parts) as StylePart[]) if (wanted.has(name)) css += parts[name];
  return css;
}
