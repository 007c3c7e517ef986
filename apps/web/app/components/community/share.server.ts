import { appDeepLink } from "../../lib/open-app-links.ts";
import { absoluteUrl, type ShareKind, shareCard } from "../../lib/share-card.ts";
import { loadShareContext } from "../../lib/share-context.server.ts";
import type { CommunityShare } from "./meta.ts";

/**
 * The share card of a community page (R-SHARE-1, decision 035): the site's one share-card function
 * draws Open Graph, Twitter, apple-itunes-app, the canonical link and WeChat's microdata; the JSON-LD
 * is the page's own schema.org type (a DiscussionForumPosting for a post, a QAPage for a question).
 */
export interface CommunityFacts {
  kind: ShareKind;
  title: string;
  summary: string;
  link: string;
  image: string | null;
  published?: string;
  /** the JSON-LD of the page, without @context (added here); the card's own when absent */
  jsonLd?: Record<string, unknown>;
}

/** Drops undefined members, so the JSON-LD names only what the page knows. */
function compact(value: Record<string, unknown>): Record<string, unknown> {
  return JSON.parse(JSON.stringify(value)) as Record<string, unknown>;
}

/** Builds the page's share head on the server, with the app's scheme, App Store id and site name. */
export async function communityShare(facts: CommunityFacts): Promise<CommunityShare> {
  const context = await loadShareContext();
  const image = facts.image ? absoluteUrl(facts.image, facts.link) : null;
  const card = shareCard({
    kind: facts.kind,
    title: facts.title,
    summary: facts.summary,
    link: facts.link,
    image,
    deepLink: appDeepLink(context.scheme, facts.link),
    appStoreId: context.appStoreId,
    published: facts.published,
    siteName: context.siteName ?? undefined,
  });
  const head = facts.jsonLd
    ? card.head.map((tag) =>
        "script:ld+json" in tag
          ? { "script:ld+json": compact({ "@context": "https://schema.org", ...facts.jsonLd, url: facts.link }) }
          : tag,
      )
    : card.head;
  return { head };
}

/** A schema.org Person by name. */
export const person = (name: string) => ({ "@type": "Person", name });
