import { createRouterContext } from "../router.ts";
import type { SiteState } from "../site-context.tsx";

/**
 * The site's state of a render (site config and theme), handed from the root loader to the render
 * through the request's context (React Router's), not through the loader data: React Router
 * serialises the loader data of every render for a browser that never runs it (decision 058, the
 * entry drops that hand-off), and the site's state was its largest part (about half of its values on
 * an article). The render reads it from `RenderSiteState` (entry.server.tsx provides it); the browser
 * gets it in the island page (islands/handoff.server.ts).
 */
export const requestSiteState = createRouterContext<SiteState | null>(null);
