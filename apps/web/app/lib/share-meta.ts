import type { ArticleView } from "../model/article.ts";
import { baseMeta } from "./meta.ts";
import type { MetaDescriptor } from "./router.ts";

/** What a detail page's head is made of, read from its loader data. */
export interface ShareHead {
  title: string;
  summary: string;
  /** og:image, when the item has a picture */
  image: string | null;
  /** og:url and the canonical link: the item's share link */
  url: string;
  /** the first screen's largest image when no <img> shows it (a video poster): fetched first */
  leadImage?: string | null;
}

/** The head of a content page, from its view and share link. */
export function viewHead(
  data: { view: Pick<ArticleView, "title" | "summary" | "cover">; shareLink: string },
  leadImage?: string | null,
): ShareHead {
  const { view } = data;
  return {
    title: view.title,
    summary: view.summary,
    image: view.cover ? view.cover.src : null,
    url: data.shareLink,
    leadImage,
  };
}

const noMeta = (): MetaDescriptor[] => [];

/**
 * The `meta` export of a detail page (decision 021): the site's title and keywords, and the item's
 * Open Graph card under the page's og:type. `head` reads the card from the loader's data; the
 * loader's type names the data: `detailPageMeta<typeof loader>("video.other", (d) => viewHead(d, …))`.
 * The head is the server's alone: in the browser no meta function runs (the page router's `Meta`
 * draws nothing, decision 014), so the browser build keeps none of this.
 */
export function detailPageMeta<L extends (...args: never[]) => Promise<object>>(
  ogType: string,
  head: (data: Awaited<ReturnType<L>>) => ShareHead,
): (args: { loaderData?: Awaited<ReturnType<L>> }) => MetaDescriptor[] {
  if (!import.meta.env.SSR) return noMeta;
  return ({ loaderData }) => {
    if (!loaderData) return baseMeta();
    const card = head(loaderData);
    return baseMeta([
      ...(card.leadImage
        ? [{ tagName: "link", rel: "preload", as: "image", href: card.leadImage, fetchPriority: "high" }]
        : []),
      { property: "og:type", content: ogType },
      { property: "og:title", content: card.title },
      { property: "og:description", content: card.summary },
      { property: "og:url", content: card.url },
      ...(card.image !== null ? [{ property: "og:image", content: card.image }] : []),
      { tagName: "link", rel: "canonical", href: card.url },
    ]);
  };
}
