import type { CardList, ContentItem, ContentType, RecommendList } from "@davmu/contracts/content";
import { unavailableStates } from "@davmu/contracts/content";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { CommentList } from "@davmu/contracts/interaction";
import { data, redirect } from "react-router";
import { type RelatedCard, toRelatedCard, toRouterPath } from "../model/article.ts";
import { commentPageSize } from "../model/comments.ts";
import type { PageEnvironment } from "../model/layout.ts";
import { callApi, callApiShared } from "./api.server.ts";
import { environmentFromUserAgent } from "./environment.ts";
import { requireIndexSegment, requirePublicId } from "./guards.server.ts";
import { type Lang, requestLang } from "./i18n/lang.ts";

/** An answer the page can do without: logged and treated as missing. */
function optional<T>(what: string, load: Promise<{ code: number; msg: string; data: T }>): Promise<T | null> {
  return load.then(
    (answer) => (answer.code === ErrorCode.ok ? answer.data : null),
    (error) => {
      console.warn(`${what} load failed:`, (error as Error).message);
      return null;
    },
  );
}

/**
 * The guards and the content fetch of every detail page: index.html only (R-ROUTE-2), a decodable
 * id (R-ROUTE-4), withdrawn or missing content to /404 (R-CONTENT-1). An item of another type is
 * sent to its own page.
 */
export async function loadDetail(
  request: Request,
  params: { actor?: string; post_id?: string; id?: string; index?: string },
  accepts: readonly ContentType[],
): Promise<{ item: ContentItem; env: PageEnvironment; lang: Lang }> {
  requireIndexSegment(params.index);
  const id = requirePublicId(params.post_id ?? params.id, params.actor);
  const answer = await callApi((c) => c.content(id));
  if (answer.code === ErrorCode.contentUnavailable || answer.code === ErrorCode.notFound) throw redirect("/404");
  if (answer.code !== 0) {
    console.warn("content load failed:", answer.code, answer.msg);
    throw data({ message: "content unavailable" }, { status: 502 });
  }
  const item = answer.data;
  if (unavailableStates.includes(item.state)) throw redirect("/404");
  if (!accepts.includes(item.content_type)) {
    const own = toRouterPath(item.content_link);
    throw redirect(own.startsWith("/") && !own.startsWith("/media/") ? own : "/404");
  }
  return { item, env: environmentFromUserAgent(request.headers.get("user-agent") ?? ""), lang: requestLang(request) };
}

export interface MoreLists {
  hot: RelatedCard[];
  recommended: RelatedCard[];
}

export interface BottomLists {
  comments: CommentList | null;
  /** streamed after the page: the article's first burst stays small (first-packet budget) */
  more: Promise<MoreLists>;
}

/** Cards of a list, without the page's own item. */
function cardsOf(list: CardList | RecommendList | null, item: ContentItem, now: number, lang: Lang): RelatedCard[] {
  return (list?.list ?? [])
    .filter((card) => card.post_id !== item.post_id)
    .map((card) => toRelatedCard(card, now, lang));
}

/**
 * Page 1 of the comments, the hot list and the editors' list, for layouts that show them; the
 * lists come as ready cards, so the page's script does not carry the mapping. The two lists are the
 * same on every page, so renders share them for a few seconds (`callApiShared`).
 */
export async function loadBottomLists(
  item: ContentItem,
  withLists: boolean,
  lang: Lang,
  now = Date.now(),
): Promise<BottomLists> {
  if (!withLists) return { comments: null, more: Promise.resolve({ hot: [], recommended: [] }) };
  const more = Promise.all([
    optional(
      "hot list",
      callApiShared("hot72", (c) => c.hot72()),
    ),
    optional(
      "recommended list",
      callApiShared("recommend", (c) => c.recommend(1, 10)),
    ),
  ]).then(([hot, recommended]) => ({
    hot: cardsOf(hot, item, now, lang),
    recommended: cardsOf(recommended, item, now, lang),
  }));
  // page 1 of the comments is in the page itself, so it reads without JavaScript
  const comments = await optional(
    "comments",
    callApi((c) => c.comments(item.post_id, { page: 1, size: commentPageSize }, item.mp !== null)),
  );
  return { comments, more };
}

/** Comments only (pages with a footer but no lists below, such as the gallery). */
export function loadComments(item: ContentItem): Promise<CommentList | null> {
  return optional(
    "comments",
    callApi((c) => c.comments(item.post_id, { page: 1, size: commentPageSize }, item.mp !== null)),
  );
}
