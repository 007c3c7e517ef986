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
import { AudioPlayer } from "../MediaPlayer.tsx";
import type { Route } from "./+types/audio";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 059): the
 * cover card's text, the programme's text and the lists are never hydrated; the player is an island
 * woken by a tap.
 */
export const handle: PageHandle = { styles: ["media"], islands: true };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["audio"],
    lists: "bottom",
    view: (item, { now, lang }) => ({
      view: toArticleView(item, now, lang),
      audio: item.media.audio ?? null,
      duration: item.duration_str,
    }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>(viewHead);

/** Audio share page: a cover card with the player, then the text of the programme. */
export default function Audio({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, audio, duration, env, lists } = loaderData;
  const t = useContentT();
  return (
    <DetailShell
      item={shellItem(view, "audio")}
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
          <Island
            name="audio-player"
            wake="interaction"
            component={AudioPlayer}
            props={{ src: audio.src, title: view.title }}
          />
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
