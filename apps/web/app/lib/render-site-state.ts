import { createContext } from "react";
import type { SiteState } from "./site-context.tsx";

/**
 * The site's state of a render on the server, from the root loader through the request's context
 * (lib/server/site-state.server.ts): provided by entry.server.tsx, read by the root layout. A module
 * of its own, so that no island's script carries it.
 */
export const RenderSiteState = createContext<SiteState | null>(null);
