import { BottomLists } from "../components/BottomLists.tsx";
import { DetailHead } from "../components/DetailHead.tsx";
import { DetailShell } from "../components/DetailShell.tsx";
import { VideoPlayer } from "../components/MediaPlayer.tsx";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { loadBottomLists, loadDetail } from "../lib/detail.server.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { detailMeta } from "../lib/share-meta.ts";
import { toArticleView } from "../model/article.ts";
import { decideDetailLayout } from "../model/layout.ts";
import type { PageHandle } from "../page-styles.ts";
import type { Route } from "./+types/video";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["media"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { item, env, lang } = await loadDetail(request, params, ["video"]);
  const now = Date.now();
  const lists = await loadBottomLists(item, decideDetailLayout(item.content_type, env).bottomLists, lang);
  return {
    view: toArticleView(item, now, lang),
    video: item.media.video ?? null,
    shareLink: item.share_link,
    env,
    lists,
    now,
  };
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return detailMeta(loaderData?.view ?? null, loaderData?.shareLink ?? "", "video.other", loaderData?.video?.poster);
}

/** Video share page: the player first, then title, byline and description; lists and comments below. */
export default function Video({ loaderData }: Route.ComponentProps) {
  const { view, video, env, lists } = loaderData;
  const t = useContentT();
  return (
    <DetailShell
      item={{ post_id: view.id, content_type: "video", track_id: view.trackId, mp: view.mp ? { ...view.mp } : null }}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={lists.comments}
      className="article-page video-page"
      below={(layout) => (layout.bottomLists ? <BottomLists related={view.related} more={lists.more} /> : null)}
    >
      <div className="video-stage">
        {video ? (
          <VideoPlayer src={video.src} poster={video.poster} title={view.title} />
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
