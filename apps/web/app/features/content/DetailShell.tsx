import type { ContentItem, ContentType } from "@davmu/contracts/content";
import type { CommentList as CommentPage } from "@davmu/contracts/interaction";
import type { ReactNode } from "react";
import { Island } from "../../islands/Island.tsx";
import type { ArticleView } from "../../model/article.ts";
import { type DetailLayout, decideDetailLayout, type PageEnvironment } from "../../model/layout.ts";
import { CommentFooterIsland } from "../comments/CommentFooter.tsx";
import { CommentsSeedContext } from "../comments/CommentsProvider.tsx";
import type { CommentsSeed } from "../comments/comments-store.ts";
import { BannerSlot } from "../navigation/BannerSlot.tsx";
import { RouterControlSlot } from "../navigation/RouterControl.tsx";
import { PreviewBar } from "../preview/PreviewBar.tsx";
import { usePreview } from "../preview/preview-route.ts";

/**
 * The docDetail layout around a detail page (R-LAYOUT-3): header, router control, the page, what
 * goes below it and the comment footer, each by `decideDetailLayout`. The login popup is mounted
 * once for the whole site by the root route. The banner, the footer and the comment list (placed by
 * BottomLists) are islands (decision 056); the footer and the list share the item's comments store.
 */
/** What the shell needs of the item: its ids, its counts for the footer, its media account. */
export type DetailShellItem = Pick<ContentItem, "post_id" | "content_type" | "track_id" | "mp"> &
  Partial<Pick<ContentItem, "like_count" | "collect_count">>;

/** The shell's item from a page's view, drawn under `contentType`'s layout. */
export function shellItem(view: ArticleView, contentType: ContentType): DetailShellItem {
  return {
    post_id: view.id,
    content_type: contentType,
    track_id: view.trackId,
    like_count: view.likes,
    collect_count: view.collects,
    mp: view.mp ? { ...view.mp } : null,
  };
}

export function DetailShell(props: {
  item: DetailShellItem;
  commentsOpen: boolean;
  env: PageEnvironment;
  comments: CommentPage | null;
  className: string;
  children: ReactNode;
  below?: (layout: DetailLayout) => ReactNode;
}) {
  // drawn for a browser; in the mini program the stylesheet shows the router control in the header's
  // place (lib/startup/mini-program.ts), so one page serves both
  const layout = decideDetailLayout(props.item.content_type, { ...props.env, miniProgram: false });
  const preview = usePreview();
  const seed: CommentsSeed = {
    postId: props.item.post_id,
    mp: props.item.mp !== null,
    open: props.commentsOpen,
    initial: props.comments,
  };
  return (
    <CommentsSeedContext.Provider value={seed}>
      {preview ? (
        // counts down and reloads with no tap: woken once the page is idle (an editor's page, not a reader's)
        <Island name="preview-bar" wake="idle" component={PreviewBar} props={{ preview }} />
      ) : layout.header ? (
        <BannerSlot />
      ) : null}
      <RouterControlSlot />
      <main className={`${props.className}${layout.commentFooter ? " has-footer" : ""}`} data-layout="docDetail">
        {props.children}
        {props.below ? props.below(layout) : null}
      </main>
      {layout.commentFooter ? (
        <Island
          name="comment-footer"
          wake="interaction"
          component={CommentFooterIsland}
          // page 1 stays with the list's island: the footer's store takes it from there
          props={{
            ...seed,
            initial: null,
            contentType: props.item.content_type,
            trackId: props.item.track_id,
            likeCount: props.item.like_count ?? 0,
            collectCount: props.item.collect_count ?? 0,
          }}
        />
      ) : null}
    </CommentsSeedContext.Provider>
  );
}
