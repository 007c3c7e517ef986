import type { AlbumTrack } from "@davmu/contracts/content";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { useState } from "react";
import { BottomLists } from "../components/BottomLists.tsx";
import { DetailShell } from "../components/DetailShell.tsx";
import { AudioPlayer, VideoPlayer } from "../components/MediaPlayer.tsx";
import { loadAlbum } from "../lib/album.server.ts";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { detailLoader } from "../lib/detail-page.server.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { useSession } from "../lib/session.tsx";
import { detailPageMeta, viewHead } from "../lib/share-meta.ts";
import { toast } from "../lib/toast.ts";
import { albumLimit, albumStatusText } from "../model/album.ts";
import { toArticleView, toRelatedCard } from "../model/article.ts";
import type { PageHandle } from "../page-styles.ts";
import type { Route } from "./+types/album";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["media", "album"] };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["audio_album", "video_album"],
    lists: "bottom",
    extra: (item, { layout }) => loadAlbum(item, layout.bottomLists),
    view: (item, { now, lang, extra: { series, tracks, related } }) => ({
      view: {
        ...toArticleView(item, now, lang),
        related: [...item.relations, ...related]
          .filter((card, i, all) => all.findIndex((other) => other.post_id === card.post_id) === i)
          .map((card) => toRelatedCard(card, now, lang)),
      },
      series,
      cover: item.style.data[0]?.url ?? "",
      statusText: albumStatusText(tracks.album_status ?? item.album_status, lang),
      tracks: tracks.list,
      total: tracks.total,
    }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

// a video album's player shows its first track's poster first
export const meta = detailPageMeta<typeof loader>((data) =>
  viewHead(data, data.series === "video" ? data.tracks[0]?.cover : null),
);

/** Audio or video album: cover, status (R-CONTENT-2), the player of the chosen episode and the track list. */
export default function Album({ loaderData }: Route.ComponentProps) {
  const { view, series, cover, statusText, total, env, lists } = loaderData;
  const [tracks, setTracks] = useState<AlbumTrack[]>(loaderData.tracks);
  const [current, setCurrent] = useState(0);
  const [loading, setLoading] = useState(false);
  const t = useContentT();
  const session = useSession();
  const track = tracks[current];
  const contentType = series === "video" ? "video_album" : "audio_album";

  async function loadMore() {
    if (loading) return;
    setLoading(true);
    try {
      const page = Math.floor(tracks.length / albumLimit) + 1;
      const answer = await session.api().client.albumTracks({
        params: { series, uid: view.id },
        query: { page, size: albumLimit },
      });
      if (answer.code === ErrorCode.ok) setTracks((list) => [...list, ...answer.data.list]);
    } catch {
      toast(t("tracksFailed"));
    } finally {
      setLoading(false);
    }
  }

  return (
    <DetailShell
      item={{
        post_id: view.id,
        content_type: contentType,
        track_id: view.trackId,
        like_count: view.likes,
        collect_count: view.collects,
        mp: view.mp ? { ...view.mp } : null,
      }}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={lists.comments}
      className={`album-page is-${series}`}
      below={(layout) => (layout.bottomLists ? <BottomLists related={view.related} more={lists.more} /> : null)}
    >
      <header className="album-head">
        {cover ? <img className="album-cover" src={cover} alt="" width={112} height={112} /> : null}
        <div className="album-head-text">
          <h1 className="album-title">{view.title}</h1>
          <p className="album-status" data-testid="album-status">
            <span className="album-kind">{series === "video" ? t("videoAlbum") : t("audioAlbum")}</span>
            {statusText}
          </p>
          <p className="album-source">
            {view.source} · {t("plays", { count: view.views })}
          </p>
        </div>
      </header>
      {view.summary ? <p className="album-summary">{view.summary}</p> : null}
      {track ? (
        <section className="album-player" aria-label={t("nowPlayingLabel", { title: track.title })}>
          {series === "video" ? (
            <VideoPlayer key={track.post_id} src={track.src} poster={track.cover} title={track.title} />
          ) : (
            <div className="album-audio">
              <p className="album-now">
                {t("nowPlaying")} <strong>{track.title}</strong>
              </p>
              <AudioPlayer
                key={track.post_id}
                src={track.src}
                title={track.title}
                onEnded={() => setCurrent((i) => (i + 1 < tracks.length ? i + 1 : i))}
              />
            </div>
          )}
        </section>
      ) : null}
      <section className="album-tracks" aria-labelledby="album-tracks-title">
        <h2 id="album-tracks-title" className="section-title">
          {t("episodes")} <span className="album-count">{t("episodeCount", { count: total })}</span>
        </h2>
        {tracks.length === 0 ? (
          <p className="list-empty">{t("emptyContent")}</p>
        ) : (
          <ol className="track-list" data-testid="track-list">
            {tracks.map((episode, i) => (
              <li key={episode.post_id}>
                <button
                  type="button"
                  className={i === current ? "track is-current" : "track"}
                  aria-current={i === current ? "true" : undefined}
                  onClick={() => setCurrent(i)}
                >
                  <span className="track-no">{String(episode.episode).padStart(2, "0")}</span>
                  <span className="track-title">{episode.title}</span>
                  <span className="track-duration">{episode.duration_str}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {tracks.length < total ? (
          <button type="button" className="load-more" onClick={loadMore} disabled={loading}>
            {loading ? t("loading") : t("loadMore")}
          </button>
        ) : null}
      </section>
    </DetailShell>
  );
}
