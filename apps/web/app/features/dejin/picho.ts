import type { PichoContentSummary } from "@davmu/contracts/picho";
import type { RelatedCard } from "../../model/article.ts";
import { formatBigNumber, formatRelativeTime } from "../../model/format.ts";
import { dejinRoutes } from "./paths.ts";

/** What the dejin catalog and content pages read from the query: the column (rid) and the item or catalog. */
const slug = /^[A-Za-z0-9_-]{1,64}$/;
const uuid = /^[A-Za-z0-9-]{1,64}$/;

export function pichoQuery(url: string): { rid: string; id: string; uuid: string } | null {
  const query = new URL(url).searchParams;
  const rid = query.get("rid") ?? "";
  if (!slug.test(rid)) return null;
  return { rid, id: query.get("id") ?? "", uuid: query.get("uuid") ?? "" };
}

export const isCatalogId = (id: string) => slug.test(id);
export const isUuid = (id: string) => uuid.test(id);

/** An item of an open column as a news card of the site's lists. */
export function pichoCard(rid: string, item: PichoContentSummary, now: number): RelatedCard {
  return {
    id: item.uuid,
    title: item.title,
    href: dejinRoutes.pichoContent(rid, item.uuid),
    source: item.source,
    time: formatRelativeTime(item.publish_at, now),
    views: formatBigNumber(item.view_count),
    thumb: item.cover || null,
    contentType: "article",
    tag: null,
    duration: "",
    picNum: 0,
    opensPopup: false,
  };
}
