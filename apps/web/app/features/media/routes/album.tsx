import { Island } from "../../../islands/Island.tsx";
import { useContentT } from "../../../lib/i18n/content.ts";
import { pageData } from "../../../lib/page-data.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { albumStatusText } from "../../../model/album.ts";
import { toArticleView, toRelatedCard } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { BottomLists } from "../../content/BottomLists.tsx";
import { DetailShell, shellItem } from "../../content/DetailShell.tsx";
import { detailLoader } from "../../content/detail-page.server.ts";
import { AlbumPlayer } from "../AlbumPlayer.tsx";
import { loadAlbum } from "../album.server.ts";
import type { Route } from "./+types/album";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 059): the
 * album's head, summary and lists are never hydrated; the player with the track list is one island
 * woken by a tap.
 */
export const handle: PageHandle = { styles: ["media", "album"], islands: true };

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
export default function Album({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, series, cover, statusText, tracks, total, env, lists } = loaderData;
  const t = useContentT();
  const contentType = series === "video" ? "video_album" : "audio_album";
  return (
    <DetailShell
      item={shellItem(view, contentType)}
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
      <Island
        name="album-player"
        wake="interaction"
        component={AlbumPlayer}
        props={{ series, uid: view.id, tracks, total }}
      />
    </DetailShell>
  );
}
