import type { AlbumTrack } from "@davmu/contracts/content";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { useState } from "react";
import { useContentT } from "../../lib/i18n/content.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { albumLimit } from "../../model/album.ts";
import { AudioPlayer, VideoPlayer } from "./MediaPlayer.tsx";

/**
 * An album's player and its track list (R-CONTENT-2): a track chosen in the list plays in the
 * player, an audio track that ends gives way to the next, 加载更多 fetches the next page of tracks.
 * One island (decision 059), woken by a tap on either part: the list switches what the player
 * plays. Its props are JSON: the first page of tracks as the loader read it.
 */
export function AlbumPlayer(props: { series: "audio" | "video"; uid: string; tracks: AlbumTrack[]; total: number }) {
  const { series, uid, total } = props;
  const [tracks, setTracks] = useState<AlbumTrack[]>(props.tracks);
  const [current, setCurrent] = useState(0);
  const [loading, setLoading] = useState(false);
  const t = useContentT();
  const session = useSession();
  const track = tracks[current];

  async function loadMore() {
    if (loading) return;
    setLoading(true);
    try {
      const page = Math.floor(tracks.length / albumLimit) + 1;
      const answer = await session.api().client.albumTracks({
        params: { series, uid },
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
    <>
      {track ? (
        <section className="album-player" aria-label={t("nowPlayingLabel", { title: track.title })}>
          {series === "video" ? (
            <VideoPlayer
              key={track.post_id}
              src={track.src}
              poster={track.cover}
              title={track.title}
              startsWithPoster
            />
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
    </>
  );
}
