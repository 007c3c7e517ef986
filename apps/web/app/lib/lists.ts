import type { ContentList } from "@davmu/contracts/content";
import type { EnvelopeOf } from "@davmu/contracts/error-codes";
import type { CardPage } from "../components/PagedList.tsx";
import { toRelatedCard } from "../model/article.ts";
import { hasMorePages } from "../model/lists.ts";
import { browserApi } from "./browser-api.ts";

/** A content-list answer as a page of cards; null when the API said no. */
export function toCardPage(answer: EnvelopeOf<ContentList>, now: number): (CardPage & { total: number }) | null {
  if (answer.code !== 0) return null;
  const { list, total, pageindex, pagesize } = answer.data;
  return {
    cards: list.map((item) => toRelatedCard(item, now)),
    hasMore: hasMorePages(pageindex, pagesize, total),
    total,
  };
}

/** Fetches a further page of a group's list from the visitor's browser. */
export function fetchGroupPage(publicApiBase: string, gid: string | undefined, size: number) {
  return async (page: number): Promise<CardPage> => {
    const answer = await browserApi(publicApiBase).client.contentList({ gid, pageindex: page, pagesize: size });
    const result = toCardPage(answer, Date.now());
    if (!result) throw new Error(answer.msg);
    return result;
  };
}
