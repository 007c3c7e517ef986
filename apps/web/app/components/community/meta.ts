import { baseMeta } from "../../lib/meta.ts";
import type { MetaDescriptor } from "../../lib/router.ts";

/** A community page's share card, built by its loader on the server (share.server.ts). */
export interface CommunityShare {
  head: MetaDescriptor[];
}

const noMeta = (): MetaDescriptor[] => [];

/**
 * The `meta` of a community page: the site's head and the share card its loader built. The head is
 * the server's alone (in the browser no meta function runs, decision 014), so the browser keeps none.
 */
export const communityMeta = import.meta.env.SSR
  ? (args: { loaderData?: { share?: CommunityShare } }): MetaDescriptor[] =>
      baseMeta(args.loaderData?.share?.head ?? [])
  : noMeta;
