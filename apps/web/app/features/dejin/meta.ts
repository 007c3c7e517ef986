import { baseMeta } from "../../lib/meta.ts";
import { type KeptData, pageData } from "../../lib/page-data.ts";
import type { MetaDescriptor } from "../../lib/router.ts";
import type { ShareFacts } from "../../lib/share-card.ts";
import { detailPageMeta } from "../../lib/share-meta.ts";

type WithShare = { share: ShareFacts | null };

/**
 * The `meta` export of a dejin page: its share card (Open Graph, JSON-LD, WeChat's fallback) from the
 * facts its loader put in `share`; the site's plain head when the page could not load them.
 */
export function dejinMeta(): (args: { loaderData?: unknown }) => MetaDescriptor[] {
  const card = detailPageMeta<() => Promise<KeptData<WithShare>>>((data) => ({
    title: data.share?.title ?? "",
    summary: data.share?.summary ?? "",
    image: data.share?.image ?? null,
    url: data.share?.link ?? "",
  }));
  return (args) =>
    args.loaderData && pageData<() => KeptData<WithShare>>(args.loaderData).share ? card(args) : baseMeta();
}
