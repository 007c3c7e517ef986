import { baseMeta } from "../../lib/meta.ts";
import { type KeepingLoader, type PageData, pageData } from "../../lib/page-data.ts";
import type { MetaDescriptor } from "../../lib/router.ts";
import type { ShareFacts } from "../../lib/share-card.ts";
import { detailPageMeta } from "../../lib/share-meta.ts";

type WithShare = { share: ShareFacts | null };

/**
 * The `meta` export of a dejin page: its share card (Open Graph, JSON-LD, WeChat's fallback) from the
 * facts its loader put in `share`; the site's plain head when the page could not load them. Typed from
 * the route's loader: one that keeps no `share` does not type-check here.
 */
export function dejinMeta<L extends KeepingLoader>(
  ..._loader: PageData<L> extends WithShare ? [] : [never]
): (args: { loaderData?: unknown }) => MetaDescriptor[] {
  const share = (loaderData: unknown) => (pageData<L>(loaderData) as PageData<L> & WithShare).share;
  const card = detailPageMeta<L>((data) => {
    const facts = (data as PageData<L> & WithShare).share;
    return {
      title: facts?.title ?? "",
      summary: facts?.summary ?? "",
      image: facts?.image ?? null,
      url: facts?.link ?? "",
    };
  });
  return (args) => (args.loaderData && share(args.loaderData) ? card(args) : baseMeta());
}
