import { Island } from "../../../islands/Island.tsx";
import { pageData } from "../../../lib/page-data.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { toArticleView } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { DetailShell, shellItem } from "../../content/DetailShell.tsx";
import { detailLoader } from "../../content/detail-page.server.ts";
import { GalleryStrip } from "../GalleryStrip.tsx";
import type { Route } from "./+types/gallery";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 059): title,
 * source and lead are never hydrated; the strip with its indicator is an island woken by a touch.
 */
export const handle: PageHandle = { styles: ["gallery"], islands: true };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["image"],
    // a comment footer but no lists below
    lists: "comments",
    view: (item, { now, lang }) => ({
      view: toArticleView(item, now, lang),
      images: item.media.images ?? [],
      picNum: item.pic_num,
    }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>(viewHead);

/**
 * Gallery: pictures side by side in a scroll-snapping strip (a swipe moves one picture, no script
 * needed), the page indicator (current / pic_num) and the caption of the picture in view.
 */
export default function Gallery({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, images, picNum, env, comments } = loaderData;
  return (
    <DetailShell
      item={shellItem(view, "image")}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={comments}
      className="gallery-page"
    >
      <h1 className="gallery-title">{view.title}</h1>
      <Island
        name="gallery"
        wake="interaction"
        component={GalleryStrip}
        props={{
          title: view.title,
          images: images.map(({ url, caption, width, height }) => ({ url, caption, width, height })),
          total: picNum || images.length,
        }}
      />
      <p className="gallery-source">
        {view.source} · <time dateTime={view.publishedAt}>{view.publishedLabel}</time>
      </p>
      {view.summary ? <p className="gallery-lead">{view.summary}</p> : null}
    </DetailShell>
  );
}
