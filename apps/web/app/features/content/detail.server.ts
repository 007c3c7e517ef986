import type { CardList, ContentItem, ContentType, RecommendList, SpecialDetail } from "@davmu/contracts/content";
import { unavailableStates } from "@davmu/contracts/content";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { CommentList } from "@davmu/contracts/interaction";
import { siteBasePath } from "@davmu/contracts/site-path";
import { data, redirect } from "../../lib/router.ts";
import { callApi, callApiShared } from "../../lib/server/api.server.ts";
import {
  previewExpiredPath,
  previewReason,
  requireIndexSegment,
  requirePublicId,
} from "../../lib/server/guards.server.ts";
import { type RelatedCard, toRelatedCard, toRouterPath } from "../../model/article.ts";
import { commentPageSize } from "../../model/comments.ts";
import type { Lang } from "../../model/i18n/lang.ts";
import { type PreviewInfo, staleReloadUrl } from "../preview/preview.ts";
import { deferred } from "./settled.ts";

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

/** The route parameters a detail page is found by. */
export interface DetailParams {
  actor?: string;
  post_id?: string;
  id?: string;
  index?: string;
}

/**
 * The guards and the fetch of every detail page: index.html only (R-ROUTE-2), a decodable id
 * (R-ROUTE-4), withdrawn or missing items to /404 (R-CONTENT-1), any other failed answer a 502.
 */
async function loadItem<T>(
  what: string,
  params: DetailParams,
  fetch: (id: string) => Promise<{ code: number; msg: string; data: T }>,
): Promise<T> {
  requireIndexSegment(params.index);
  const id = requirePublicId(params.post_id ?? params.id, params.actor);
  const answer = await fetch(id);
  if (answer.code === ErrorCode.contentUnavailable || answer.code === ErrorCode.notFound) throw redirect("/404");
  if (answer.code !== 0) {
    console.warn(`${what} load failed:`, answer.code, answer.msg);
    throw data({ message: `${what} unavailable` }, { status: 502 });
  }
  return answer.data;
}

/** A detail page's item as its content call answered, and the same item once completed. */
export interface LoadedContent {
  /** as the content call answered it: enough for what loads beside it (its lists, comments, tracks) */
  item: ContentItem;
  /**
   * the item the page shows: under actor mp with its media account as the account's own call
   * describes it (R-ROUTE-5), which is asked for beside the lists rather than before them
   */
  complete: Promise<ContentItem>;
}

/**
 * The content item of a detail page; an item of another type is sent to its own page. A type whose
 * own page is this very address but which the page does not draw goes to /404: sending it to itself
 * would be a redirect loop (R-FIELD-2).
 */
export async function loadContent(
  request: Request,
  params: DetailParams,
  accepts: readonly ContentType[],
): Promise<LoadedContent> {
  // actor mp: a media account's item through the media-account calls (R-ROUTE-5); shared by the
  // renders of that item for a few seconds, dropped by any content change (decision 080)
  const mp = params.actor === "mp";
  const item = await loadItem("content", params, (id) =>
    callApiShared(`item:${mp ? "mp" : "own"}:${id}`, (c) =>
      mp ? c.mpContent({ params: { id } }) : c.content({ params: { id } }),
    ),
  );
  if (unavailableStates.includes(item.state)) throw redirect("/404");
  if (!accepts.includes(item.content_type)) {
    const own = toRouterPath(item.content_link);
    const here = toRouterPath(new URL(request.url).pathname);
    throw redirect(own.startsWith("/") && !own.startsWith("/media/") && own !== here ? own : "/404");
  }
  return { item, complete: mp && item.mp ? withAccount(item, item.mp) : Promise.resolve(item) };
}

/**
 * The item of a preview page (R-ROUTE-5, R-PREVIEW-1): through the preview call with the link's token,
 * in any state and with its draft; the id check is skipped. A page without a fresh `_` is first sent to
 * itself with `_` = now (R-ROUTE-6); a refused token goes to the expired page, never to the content.
 */
export async function loadPreviewContent(
  request: Request,
  params: DetailParams,
  accepts: readonly ContentType[],
): Promise<{ item: ContentItem; preview: PreviewInfo }> {
  const { answer, preview } = await loadPreview(request, params, (id, query) =>
    callApi((c) => c.previewDetail({ params: { id }, query })),
  );
  if (!accepts.includes(answer.content_type)) throw redirect("/404");
  return { item: answer, preview };
}

/** A special's preview page (R-PREVIEW-1): the same steps through the specials' preview call. */
export async function loadPreviewSpecial(
  request: Request,
  params: DetailParams,
): Promise<{ special: SpecialDetail; preview: PreviewInfo }> {
  const { answer, preview } = await loadPreview(request, params, (id, query) =>
    callApi((c) => c.previewSpecial({ params: { id }, query })),
  );
  const { expired_at: _expiry, ...special } = answer;
  return { special, preview };
}

async function loadPreview<T extends { expired_at?: string | null }>(
  request: Request,
  params: DetailParams,
  fetch: (id: string, query: { token: string; actor: string }) => Promise<{ code: number; msg: string; data: T }>,
): Promise<{ answer: T; preview: PreviewInfo }> {
  requireIndexSegment(params.index);
  const id = requirePublicId(params.post_id ?? params.id, params.actor);
  const actor = params.actor ?? "";
  const fresh = staleReloadUrl(request.url, Date.now());
  if (fresh) {
    const url = new URL(fresh);
    throw redirect(`${url.pathname.slice(siteBasePath.length)}${url.search}`);
  }
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const answer = await fetch(id, { token, actor });
  if (answer.code === ErrorCode.notFound) throw redirect("/404");
  if (answer.code !== 0) throw redirect(previewExpiredPath(previewReason(answer.code, answer.msg)));
  const preview = {
    editor: actor.slice("preview-".length),
    expiresAt: Date.parse(answer.data.expired_at ?? "") || 0,
  };
  return { answer: answer.data, preview };
}

/**
 * The item with its media account as the account's own call describes it (`/dinner/mp/info/{id}`).
 * Every page of the account shows the same name, avatar and description: renders share the answer
 * for a few seconds (`callApiShared`), as long as a rendered page is kept.
 */
async function withAccount(item: ContentItem, mp: NonNullable<ContentItem["mp"]>): Promise<ContentItem> {
  const info = await optional(
    "media account",
    callApiShared(`mp-info:${mp.id}`, (c) => c.mpInfo({ params: { id: mp.id } })),
  );
  if (!info) return item;
  return { ...item, mp: { ...mp, name: info.name, avatar: info.avatar, description: info.description } };
}

/** A special topic with its sections and groups (spec §3 Special), from the specials API. */
export function loadSpecial(params: DetailParams): Promise<SpecialDetail> {
  return loadItem("special", params, (gid) =>
    callApi((c) => c.special({ query: { gid, pageindex: 1, pagesize: 50, batch_size: 50, page_offset: 0 } })),
  );
}

export interface MoreLists {
  hot: RelatedCard[];
  recommended: RelatedCard[];
}

export interface BottomLists {
  comments: CommentList | null;
  /**
   * drawn in the page where the lists (shared by renders for a few seconds) have come by the time it
   * renders, else streamed after it (settled.ts); either way after the comments, so the first packet
   * holds the head, stylesheet, headline and lead (first-packet budget)
   */
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
  const more = deferred(
    Promise.all([
      optional(
        "hot list",
        callApiShared("hot72", (c) => c.hot72()),
      ),
      optional(
        "recommended list",
        callApiShared("recommend", (c) => c.recommend({ query: { page: 1, size: 10 } })),
      ),
    ]).then(([hot, recommended]) => ({
      hot: cardsOf(hot, item, now, lang),
      recommended: cardsOf(recommended, item, now, lang),
    })),
  );
  // page 1 of the comments is in the page itself, so it reads without JavaScript
  const comments = await loadComments(item);
  return { comments, more };
}

/**
 * The item's first page of comments as anyone sees it (pages with a footer but no lists below, such
 * as the gallery, read only these). Shared by renders like the lists: a comment published, held or
 * hidden through this process publishes a content change, which drops it (decision 080); a signed-in
 * reader's own view is loaded in the browser (the comments' store, `reloadFor`).
 */
export function loadComments(item: ContentItem): Promise<CommentList | null> {
  const mp = item.mp !== null;
  return optional(
    "comments",
    callApiShared(`comments:${mp ? "mp" : "own"}:${item.post_id}`, (c) =>
      c[mp ? "mpComments" : "comments"]({
        params: { post_id: item.post_id },
        query: { page: 1, size: commentPageSize },
      }),
    ),
  );
}
