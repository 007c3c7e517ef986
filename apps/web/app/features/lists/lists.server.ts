import type { ContentList } from "@davmu/contracts/content";
import type { EnvelopeOf } from "@davmu/contracts/error-codes";
import { callApi } from "../../lib/server/api.server.ts";
import { type CardPicture, toRelatedCard } from "../../model/article.ts";
import { defaultLang, type Lang, requestLang } from "../../model/i18n/lang.ts";
import { hasMorePages, listPageSize, pageParam } from "../../model/lists.ts";
import { parseAppInfo } from "../../model/site.ts";
import type { CardPage } from "./PagedList.tsx";

/** A content-list answer as a page of cards; null when the API said no. */
export function toCardPage(
  answer: EnvelopeOf<ContentList>,
  now: number,
  lang: Lang = defaultLang,
  picture: CardPicture = "thumb",
): (CardPage & { total: number }) | null {
  if (answer.code !== 0) return null;
  const { list, total, pageindex, pagesize } = answer.data;
  return {
    cards: list.map((item) => toRelatedCard(item, now, lang, picture)),
    hasMore: hasMorePages(pageindex, pagesize, total),
    total,
  };
}

/** Name of a group as the navigation calls it, or null when no item lists it. */
async function groupName(groupId: string): Promise<string | null> {
  const info = await callApi((c) => c.appInfo());
  const items = parseAppInfo(info.code === 0 ? info.data.app_info : null).navigationItems;
  for (const item of items) {
    const group = item.groups.find((g) => g.id === groupId);
    if (group) return group.name;
  }
  return null;
}

/**
 * A page of one list (a group's content, or all content without a list id) for the list pages; fly
 * cards draw each item's whole cover, list cards its small rendition.
 */
export async function loadList(request: Request, listId: string | undefined, picture: CardPicture = "thumb") {
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const [name, answer] = await Promise.all([
    listId ? groupName(listId) : Promise.resolve(null),
    callApi((c) => c.contentList({ query: { gid: listId || undefined, pageindex: page, pagesize: listPageSize } })),
  ]);
  const list = toCardPage(answer, Date.now(), requestLang(request), picture);
  if (!list) console.warn("list load failed:", answer.msg);
  return {
    listId: listId ?? "",
    name,
    page,
    list: list ?? { cards: [], hasMore: false },
    failed: list === null,
  };
}
