import type { MetaDescriptor } from "react-router";
import type { ArticleView } from "../model/article.ts";
import { baseMeta } from "./meta.ts";

/** The head of a detail page: the site's title and keywords, and the item's Open Graph card. */
export function detailMeta(
  view: Pick<ArticleView, "title" | "summary" | "cover"> | null,
  shareLink: string,
  ogType: string,
  /** the first screen's largest image when no <img> shows it (a video poster): fetched first */
  leadImage?: string | null,
): MetaDescriptor[] {
  if (!view) return baseMeta();
  return baseMeta([
    ...(leadImage ? [{ tagName: "link", rel: "preload", as: "image", href: leadImage, fetchPriority: "high" }] : []),
    { property: "og:type", content: ogType },
    { property: "og:title", content: view.title },
    { property: "og:description", content: view.summary },
    { property: "og:url", content: shareLink },
    ...(view.cover ? [{ property: "og:image", content: view.cover.src }] : []),
    { tagName: "link", rel: "canonical", href: shareLink },
  ]);
}
