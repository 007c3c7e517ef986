import { BottomLists } from "../components/BottomLists.tsx";
import { DetailHead } from "../components/DetailHead.tsx";
import { DetailShell } from "../components/DetailShell.tsx";
import { AudioPlayer } from "../components/MediaPlayer.tsx";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { loadBottomLists, loadDetail } from "../lib/detail.server.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { detailMeta } from "../lib/share-meta.ts";
import { toArticleView } from "../model/article.ts";
import { decideDetailLayout } from "../model/layout.ts";
import type { PageHandle } from "../page-styles.ts";
import type { Route } from "./+types/audio";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["media"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { item, env, lang } = await loadDetail(request, params, ["audio"]);
  const now = Date.now();
  const lists = await loadBottomLists(item, decideDetailLayout(item.content_type, env).bottomLists, lang);
  return {
    view: toArticleView(item, now, lang),
    audio: item.media.audio ?? null,
    duration: item.duration_str,
    shareLink: item.share_link,
    env,
    lists,
    now,
  };
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  return detailMeta(loaderData?.view ?? null, loaderData?.shareLink ?? "", "music.song");
}

/** Audio share page: a cover card with the player, then the text of the programme. */
export default function Audio({ loaderData }: Route.ComponentProps) {
  const { view, audio, duration, env, lists } = loaderData;
  const t = useContentT();
  return (
    <DetailShell
      item={{ post_id: view.id, content_type: "audio", track_id: view.trackId, mp: view.mp ? { ...view.mp } : null }}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={lists.comments}
      className="article-page audio-page"
      below={(layout) => (layout.bottomLists ? <BottomLists related={view.related} more={lists.more} /> : null)}
    >
      <div className="audio-card">
        {audio?.cover ? <img className="audio-cover" src={audio.cover} alt="" width={96} height={96} /> : null}
        <div className="audio-card-text">
          <span className="audio-card-label">
            {t("audioLabel")}
            {duration ? ` · ${duration}` : ""}
          </span>
          <strong className="audio-card-title">{view.title}</strong>
        </div>
        {audio ? (
          <AudioPlayer src={audio.src} title={view.title} />
        ) : (
          <p className="media-missing">{t("audioUnavailable")}</p>
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
