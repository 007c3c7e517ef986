/**
 * The one loader of every detail page (decision 021). A route configures it and keeps only its
 * component: `export const loader = (args: Route.LoaderArgs) => detailLoader(args, { … })`. Written
 * that way, inside the route's `loader` export, the configuration and everything it imports are
 * removed from the browser build with the loader; this module is `.server` so that React Router
 * refuses the build if anything else in a route pulls it into the browser.
 *
 * The steps, in order: the guards and the fetch (index.html only, a decodable id, withdrawn or
 * missing items to /404, another content type to its own page); the visitor's environment and
 * language; the docDetail layout of the item's type (R-LAYOUT-3); the page's lists and whatever
 * else it loads, at the same time, beside the rest of the item (a media account's own call); the
 * page's own view of the item. The loader data is the view,
 * then what every detail page carries (the share link, the environment), then its lists, kept on the
 * server (lib/page-data.ts): the route's component and `meta` read it with `pageData<typeof loader>`.
 */
import type { ContentItem, ContentType, SpecialDetail } from "@davmu/contracts/content";
import type { CommentList } from "@davmu/contracts/interaction";
import { environmentFromUserAgent } from "../../lib/environment.ts";
import { type KeptData, keep } from "../../lib/page-data.ts";
import { data } from "../../lib/router.ts";
import { isPreviewActor, previewHeaders } from "../../lib/server/guards.server.ts";
import { loadShareContext } from "../../lib/server/share-context.server.ts";
import type { ShareFacts } from "../../lib/share-card.ts";
import { shareFacts, specialShareFacts } from "../../lib/share-meta.ts";
import { type Lang, requestLang } from "../../model/i18n/lang.ts";
import { type DetailLayout, decideDetailLayout, type PageEnvironment } from "../../model/layout.ts";
import type { PreviewInfo } from "../preview/preview.ts";
import {
  type BottomLists,
  type DetailParams,
  loadBottomLists,
  loadComments,
  loadContent,
  loadPreviewContent,
  loadPreviewSpecial,
  loadSpecial,
} from "./detail.server.ts";

/**
 * What a page loads to show below itself: page 1 of the comments with the hot and editors' lists
 * (as `loadBottomLists`, when the layout shows lists, else empty), the comments alone (a comment
 * footer but no lists), or nothing.
 */
export type DetailLists = "bottom" | "comments" | "none";

/** What the pipeline knows when a page's own loading and view are asked for. */
export interface DetailContext {
  env: PageEnvironment;
  lang: Lang;
  /** the render's clock, which relative times ("3小时前") are counted from */
  now: number;
  /** the docDetail layout of the item's type in this environment */
  layout: DetailLayout;
}

/** The context of the view: the above with the loaded comments (null when the page loads none). */
export interface DetailViewContext<X> extends DetailContext {
  comments: CommentList | null;
  /** what the page's `extra` loaded */
  extra: X;
}

/** A content detail page: which types it shows, its lists, anything else it loads, its view. */
export interface ContentPage<L extends DetailLists, X, V extends object> {
  /** the content types the page shows; an item of another type is sent to its own page */
  accepts: readonly ContentType[];
  lists: L;
  /**
   * loaded beside the lists (an album's tracks), from the item as its content call answered (under
   * actor mp, before its account is completed); a failure it throws is the page's
   */
  extra?: (item: ContentItem, context: DetailContext) => Promise<X>;
  /** the page's own loader data, built from the item */
  view: (item: ContentItem, context: DetailViewContext<X>) => V;
}

/** A special topic's page: its item comes from the specials API and it has no lists. */
export interface SpecialPage<V extends object> {
  accepts: "special";
  view: (special: SpecialDetail, context: DetailViewContext<undefined>) => V;
}

type ListsData<L extends DetailLists> = L extends "bottom"
  ? { lists: BottomLists; now: number }
  : L extends "comments"
    ? { comments: CommentList | null }
    : unknown;

interface LoaderArgs {
  request: Request;
  params: DetailParams;
}

export function detailLoader<L extends DetailLists, V extends object, X = undefined>(
  args: LoaderArgs,
  page: ContentPage<L, X, V>,
): Promise<
  KeptData<
    V & { shareLink: string; env: PageEnvironment; share: ShareFacts; preview: PreviewInfo | null } & ListsData<L>
  >
>;
export function detailLoader<V extends object>(
  args: LoaderArgs,
  page: SpecialPage<V>,
): Promise<KeptData<V & { env: PageEnvironment; share: ShareFacts; preview: PreviewInfo | null }>>;
export async function detailLoader(
  { request, params }: LoaderArgs,
  page: ContentPage<DetailLists, unknown, object> | SpecialPage<object>,
): Promise<object> {
  if (page.accepts === "special") {
    // a special's preview (R-PREVIEW-1) loads through the specials' preview call
    const previewed = isPreviewActor(params.actor) ? await loadPreviewSpecial(request, params) : null;
    const [special, shareContext] = await Promise.all([
      previewed ? previewed.special : loadSpecial(params),
      loadShareContext(),
    ]);
    const context = detailContext(request, "special");
    // a special carries its own share link
    const view = page.view(special, { ...context, comments: null, extra: undefined });
    const preview = previewed ? previewed.preview : null;
    const result = keep({ ...view, env: context.env, share: specialShareFacts(special, shareContext), preview });
    return preview ? data(result, { headers: previewHeaders }) : result;
  }
  // a preview (actor preview-…) loads through its own call and is answered private, no-store, noindex
  const previewed = isPreviewActor(params.actor) ? await loadPreviewContent(request, params, page.accepts) : null;
  const loaded = previewed
    ? { item: previewed.item, complete: Promise.resolve(previewed.item) }
    : await loadContent(request, params, page.accepts);
  const preview: PreviewInfo | null = previewed ? previewed.preview : null;
  const context = detailContext(request, loaded.item.content_type);
  // the lists, comments and extra need the item's id and type only: they do not wait for the rest
  // of it (a media account's own description)
  const [item, lists, comments, extra, shareContext] = await Promise.all([
    loaded.complete,
    page.lists === "bottom"
      ? loadBottomLists(loaded.item, context.layout.bottomLists, context.lang, context.now)
      : null,
    page.lists === "comments" ? loadComments(loaded.item) : null,
    page.extra?.(loaded.item, context),
    loadShareContext(),
  ]);
  const view = page.view(item, { ...context, comments: lists?.comments ?? comments, extra });
  // the share card's facts (R-SHARE-1): the head is drawn from them, the browser reads it back
  // `preview` is the page's preview signal (null outside previews): features/preview/preview.ts
  const shared = { shareLink: item.share_link, env: context.env, share: shareFacts(item, shareContext), preview };
  const result = keep(
    lists !== null
      ? { ...view, ...shared, lists, now: context.now }
      : page.lists === "comments"
        ? { ...view, ...shared, comments }
        : { ...view, ...shared },
  );
  return preview ? data(result, { headers: previewHeaders }) : result;
}

function detailContext(request: Request, type: ContentType): DetailContext {
  const env = environmentFromUserAgent(request.headers.get("user-agent") ?? "");
  return { env, lang: requestLang(request), now: Date.now(), layout: decideDetailLayout(type, env) };
}
