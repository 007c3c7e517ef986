import { baseMeta } from "../../lib/meta.ts";
import { appDeepLink } from "../../lib/open-app-links.ts";
import { type KeepingLoader, type PageData, pageData } from "../../lib/page-data.ts";
import type { MetaDescriptor } from "../../lib/router.ts";
import { absoluteUrl, type ShareKind, shareCard } from "../../lib/share-card.ts";
import type { ShareContext } from "../../lib/share-meta.ts";

/** What a community page's share card says, picked by the page from its loader's data. */
export interface CommunityCard {
  kind: ShareKind;
  title: string;
  summary: string;
  /** the page's share link (absolute, on PUBLIC_ORIGIN) */
  link: string;
  image: string | null;
  published?: string;
  /** the page's own JSON-LD, without @context; the card's when absent */
  jsonLd?: Record<string, unknown>;
}

const noMeta = (): MetaDescriptor[] => [];

/** Drops undefined members, so the JSON-LD names only what the page knows. */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/** The head of a community page: the site's one share card, with the page's own JSON-LD type. */
export function communityHead(card: CommunityCard, context: ShareContext): MetaDescriptor[] {
  const drawn = shareCard({
    kind: card.kind,
    title: card.title,
    summary: card.summary,
    link: card.link,
    image: card.image ? absoluteUrl(card.image, card.link) : null,
    deepLink: appDeepLink(context.scheme, card.link),
    appStoreId: context.appStoreId,
    published: card.published,
    siteName: context.siteName ?? undefined,
  });
  const own = card.jsonLd;
  if (!own) return drawn.head;
  return drawn.head.map((tag) =>
    "script:ld+json" in tag
      ? { "script:ld+json": compact({ "@context": "https://schema.org", ...own, url: card.link }) }
      : tag,
  );
}

/**
 * The `meta` export of a community page (R-SHARE-1, decision 035): the card is drawn from the loader's
 * data and the share context it read (`share`), so the page's data carries no second copy of its head.
 * The head is the server's alone (in the browser no meta function runs, decision 014).
 */
export function communityMeta<L extends KeepingLoader>(
  // a loader that keeps no share context does not type-check here
  card: PageData<L> extends { share: ShareContext } ? (data: PageData<L>) => CommunityCard : never,
): (args: { loaderData?: unknown }) => MetaDescriptor[] {
  if (!import.meta.env.SSR) return noMeta;
  return ({ loaderData: handle }) => {
    if (!handle) return baseMeta();
    // the loader's answer, kept on the server (lib/page-data.ts), typed from the route's loader
    const loaderData = pageData<L>(handle) as PageData<L> & { share: ShareContext };
    return baseMeta(communityHead(card(loaderData), loaderData.share));
  };
}

/** A schema.org Person by name. */
export const person = (name: string) => ({ "@type": "Person", name });
