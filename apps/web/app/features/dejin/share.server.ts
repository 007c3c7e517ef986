import { appDeepLink } from "../../lib/open-app-links.ts";
import { loadShareContext } from "../../lib/server/share-context.server.ts";
import { absoluteUrl, type ShareFacts, type ShareKind } from "../../lib/share-card.ts";

/** The share card facts of a dejin page (R-SHARE-1), from its share link, title, summary and picture. */
export async function dejinShareFacts(page: {
  kind: ShareKind;
  link: string;
  title: string;
  summary: string;
  image: string;
  published?: string;
  author?: string;
}): Promise<ShareFacts> {
  const context = await loadShareContext();
  return {
    kind: page.kind,
    title: page.title,
    summary: page.summary,
    link: page.link,
    image: page.image ? absoluteUrl(page.image, page.link) : null,
    deepLink: appDeepLink(context.scheme, page.link),
    appStoreId: context.appStoreId,
    siteName: context.siteName ?? undefined,
    published: page.published,
    author: page.author,
  };
}
