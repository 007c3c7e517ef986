import type { ContentItem } from "@davmu/contracts/content";
import type { CommentList as CommentPage } from "@davmu/contracts/interaction";
import { type ComponentType, type ReactNode, useEffect, useState } from "react";
import { usePageEnvironment } from "../lib/environment.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { usePreview } from "../lib/preview.ts";
import { type DetailLayout, decideDetailLayout, type PageEnvironment } from "../model/layout.ts";
import { CommentFooter } from "./CommentFooter.tsx";
import { CommentsProvider } from "./CommentsProvider.tsx";
import { OpenAppBanner } from "./OpenAppBanner.tsx";
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
 * once for the whole site by the root route.
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
  return (
    <CommentsProvider
      postId={props.item.post_id}
      mp={props.item.mp !== null}
      open={props.commentsOpen}
      initial={props.comments}
    >
      {preview ? <PreviewBar preview={preview} /> : layout.header ? <OpenAppBanner /> : null}
      {layout.routerControl ? <MiniProgramRouterControl /> : null}
      <main className={`${props.className}${layout.commentFooter ? " has-footer" : ""}`} data-layout="docDetail">
        {props.children}
        {props.below ? props.below(layout) : null}
      </main>
      {layout.commentFooter ? (
        <CommentFooter
          contentType={props.item.content_type}
          trackId={props.item.track_id}
          likeCount={props.item.like_count ?? 0}
          collectCount={props.item.collect_count ?? 0}
        />
      ) : null}
    </CommentsProvider>
  );
}
