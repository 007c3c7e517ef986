import type { ContentItem } from "@davmu/contracts/content";
import type { CommentList as CommentPage } from "@davmu/contracts/interaction";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { Island } from "../islands/Island.tsx";
import { usePageEnvironment } from "../lib/environment.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { usePreview } from "../lib/preview.ts";
import { type DetailLayout, decideDetailLayout, type PageEnvironment } from "../model/layout.ts";
import { BannerSlot } from "./BannerSlot.tsx";
import { CommentFooterIsland } from "./CommentFooter.tsx";
import { CommentsSeedContext } from "./CommentsProvider.tsx";
import type { CommentsSeed } from "./comments-store.ts";
import { PreviewBar } from "./PreviewBar.tsx";

const loadRouterControl = lazyComponent(() => import("./RouterControl.tsx").then((m) => m.RouterControl));

/** The mini program's back and home buttons, fetched only there (they work only with the page's script). */
export function MiniProgramRouterControl() {
  const [Control, setControl] = useState<ComponentType | null>(null);
  useEffect(() => {
    loadRouterControl()
      .then((component) => setControl(() => component))
      .catch((error) => console.warn("router control failed to load:", error));
  }, []);
  // the room the bar takes is held from the first paint, as the banner's is, so nothing moves when it comes
  return (
    <>
      <div className="router-control-spacer" />
      {Control ? <Control /> : null}
    </>
  );
}

/**
 * The docDetail layout around a detail page (R-LAYOUT-3): header, router control, the page, what
 * goes below it and the comment footer, each by `decideDetailLayout`. The login popup is mounted
 * once for the whole site by the root route. The banner, the footer and the comment list (placed by
 * BottomLists) are islands (decision 056); the footer and the list share the item's comments store.
 */
export function DetailShell(props: {
  item: Pick<ContentItem, "post_id" | "content_type" | "track_id" | "mp"> &
    Partial<Pick<ContentItem, "like_count" | "collect_count">>;
  commentsOpen: boolean;
  env: PageEnvironment;
  comments: CommentPage | null;
  className: string;
  children: ReactNode;
  below?: (layout: DetailLayout) => ReactNode;
}) {
  const env = usePageEnvironment(props.env);
  const layout = decideDetailLayout(props.item.content_type, env);
  const preview = usePreview();
  const seed: CommentsSeed = {
    postId: props.item.post_id,
    mp: props.item.mp !== null,
    open: props.commentsOpen,
    initial: props.comments,
  };
  return (
    <CommentsSeedContext.Provider value={seed}>
      {preview ? <PreviewBar preview={preview} /> : layout.header ? <BannerSlot /> : null}
      {layout.routerControl ? <MiniProgramRouterControl /> : null}
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
