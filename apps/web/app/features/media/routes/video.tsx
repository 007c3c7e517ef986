import { Island } from "../../../islands/Island.tsx";
import { useContentT } from "../../../lib/i18n/content.ts";
import { pageData } from "../../../lib/page-data.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { toArticleView } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { BottomLists } from "../../content/BottomLists.tsx";
import { DetailHead } from "../../content/DetailHead.tsx";
import { DetailShell, shellItem } from "../../content/DetailShell.tsx";
import { detailLoader } from "../../content/detail-page.server.ts";
import { VideoPlayer } from "../MediaPlayer.tsx";
import type { Route } from "./+types/video";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 059): title,
 * byline, description and lists are never hydrated; the player is an island woken by a tap.
 */
export const handle: PageHandle = { styles: ["media"], islands: true };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["video"],
    lists: "bottom",
    view: (item, { now, lang }) => ({ view: toArticleView(item, now, lang), video: item.media.video ?? null }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>((data) => viewHead(data, data.video?.poster));

/** Video share page: the player first, then title, byline and description; lists and comments below. */
export default function Video({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, video, env, lists } = loaderData;
  const t = useContentT();
  return (
    <DetailShell
      item={shellItem(view, "video")}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={lists.comments}
      className="article-page video-page"
      below={(layout) => (layout.bottomLists ? <BottomLists related={view.related} more={lists.more} /> : null)}
    >
      <div className="video-stage">
        {video ? (
          // the poster first, with a play button: the page plays a file or a native stream in the tap;
          // for a stream only hls.js plays, the tap wakes the island (decision 076)
          <Island
            name="video-player"
            wake="interaction"
            component={VideoPlayer}
            props={{ src: video.src, poster: video.poster, title: view.title, startsWithPoster: true }}
          />
        ) : (
          <p className="media-missing">{t("videoUnavailable")}</p>
        )}
      </div>
      <article className="article">
        <DetailHead view={view} />
        {view.summary ? <p className="article-summary">{view.summary}</p> : null}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: view.bodyHtml }} />
      </article>
    </DetailShell>
  );
}
