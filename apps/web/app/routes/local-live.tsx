import type { LocalLiveInfo } from "@davmu/contracts/content";
import { DetailShell } from "../components/DetailShell.tsx";
import { VideoPlayer } from "../components/MediaPlayer.tsx";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { detailLoader } from "../lib/detail-page.server.ts";
import { emitOpenApp } from "../lib/events.ts";
import { formatBigNumber, formatDateTime } from "../lib/format.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { useI18n } from "../lib/i18n/context.tsx";
import { detailPageMeta, viewHead } from "../lib/share-meta.ts";
import { type ArticleView, toArticleView } from "../model/article.ts";
import { chooseLiveScreen, liveStatusLabel } from "../model/live.ts";
import type { PageHandle } from "../page-styles.ts";
import type { Route } from "./+types/local-live";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["media", "live"] };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["local_live"],
    lists: "none",
    view: (item, { now, lang }) => {
      const live = item.media.live ?? null;
      return { view: toArticleView(item, now, lang), live, screen: chooseLiveScreen(live ?? undefined) };
    },
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>((data) => {
  // a player's first frame is its poster: fetched first (the image live shows its cover as an <img>)
  const stream = data.live?.playlists.find((p) => p.play_url) ?? data.live?.playlists[0];
  return viewHead(data, data.screen !== "ImageScreen" ? stream?.cover : null);
});

function LiveBadge({ live }: { live: LocalLiveInfo }) {
  const { lang } = useI18n();
  return (
    <span className={`live-badge is-${live.status}`}>
      {live.status === "live" ? <span className="live-dot" aria-hidden="true" /> : null}
      {liveStatusLabel(live.status, lang)}
    </span>
  );
}

function LiveFacts({ view, live }: { view: ArticleView; live: LocalLiveInfo }) {
  const t = useContentT();
  const { lang } = useI18n();
  return (
    <p className="live-facts">
      <LiveBadge live={live} />
      <span>{t("liveWatching", { count: formatBigNumber(live.online_count, lang) })}</span>
      <span>
        {t("liveStartedAt")} <time dateTime={live.start_time}>{formatDateTime(live.start_time)}</time>
      </span>
      <span>{view.source}</span>
    </p>
  );
}

/** LandscapeScreen: a 16:9 player on top, the live's title and introduction below. */
function LandscapeScreen({ view, live }: { view: ArticleView; live: LocalLiveInfo }) {
  const t = useContentT();
  const stream = live.playlists.find((p) => p.play_url) ?? live.playlists[0];
  return (
    <div className="live-screen is-landscape" data-screen="LandscapeScreen">
      <div className="video-stage">
        {stream ? (
          <VideoPlayer src={stream.play_url} poster={stream.cover} title={`${view.title}（${stream.name}）`} />
        ) : null}
      </div>
      <div className="live-body">
        <h1 className="article-title">{view.title}</h1>
        <LiveFacts view={view} live={live} />
        {view.summary ? (
          <section className="live-intro" aria-labelledby="live-intro-title">
            <h2 id="live-intro-title">{t("liveIntro")}</h2>
            <p>{view.summary}</p>
          </section>
        ) : null}
      </div>
    </div>
  );
}

/** PortraitScreen: a vertical stream filling the screen, title and facts over its foot. */
function PortraitScreen({ view, live }: { view: ArticleView; live: LocalLiveInfo }) {
  const t = useContentT();
  const { lang } = useI18n();
  const stream = live.playlists.find((p) => p.play_url) ?? live.playlists[0];
  return (
    <div className="live-screen is-portrait" data-screen="PortraitScreen">
      <div className="vertical-stage">
        <div className="svideo-stage">
          {stream ? (
            <VideoPlayer
              className="svideo-player"
              src={stream.play_url}
              poster={stream.cover}
              title={`${view.title}（${stream.name}）`}
              loop
            />
          ) : null}
        </div>
        <div className="svideo-info">
          <p className="live-facts on-dark">
            <LiveBadge live={live} />
            <span>{t("liveWatching", { count: formatBigNumber(live.online_count, lang) })}</span>
          </p>
          <h1 className="svideo-title">{view.title}</h1>
          {view.summary ? <p className="svideo-summary">{view.summary}</p> : null}
        </div>
      </div>
    </div>
  );
}

/** ImageScreen: an image-text live, newest post first, under the cover. */
function ImageScreen({ view, live }: { view: ArticleView; live: LocalLiveInfo | null }) {
  const t = useContentT();
  return (
    <div className="live-screen is-image" data-screen="ImageScreen">
      {view.cover ? (
        <div className="live-cover">
          <img src={view.cover.src} alt="" width={750} height={422} fetchPriority="high" />
        </div>
      ) : null}
      <div className="live-body">
        <h1 className="article-title">{view.title}</h1>
        {live ? <LiveFacts view={view} live={live} /> : null}
        {view.summary ? <p className="article-summary">{view.summary}</p> : null}
      </div>
      <section className="live-timeline" aria-labelledby="live-timeline-title">
        <h2 id="live-timeline-title" className="section-title">
          {t("liveTimeline")}
        </h2>
        {live?.images.length ? (
          <ol>
            {live.images.map((image) => (
              <li key={image.url + image.caption}>
                <p>{image.caption}</p>
                <img src={image.url} alt={image.caption} width={image.width} height={image.height} loading="lazy" />
              </li>
            ))}
          </ol>
        ) : (
          <p className="list-empty">{t("emptyContent")}</p>
        )}
      </section>
    </div>
  );
}

/**
 * Local live detail (R-ROUTE-7): the sub-screen follows the live's playlists and orientation. No
 * header on phones, no lists or comment footer below (R-LAYOUT-3); chat comes later.
 */
export default function LocalLive({ loaderData }: Route.ComponentProps) {
  const { view, live, screen, env } = loaderData;
  const t = useContentT();
  return (
    <DetailShell
      item={{
        post_id: view.id,
        content_type: "local_live",
        track_id: view.trackId,
        mp: view.mp ? { ...view.mp } : null,
      }}
      commentsOpen={false}
      env={env}
      comments={null}
      className={screen === "PortraitScreen" ? "local-live-page is-dark" : "local-live-page"}
    >
      {screen === "LandscapeScreen" && live ? <LandscapeScreen view={view} live={live} /> : null}
      {screen === "PortraitScreen" && live ? <PortraitScreen view={view} live={live} /> : null}
      {screen === "ImageScreen" ? <ImageScreen view={view} live={live} /> : null}
      <button type="button" className="read-in-app live-open-app" onClick={emitOpenApp}>
        {t("liveOpenApp")}
      </button>
    </DetailShell>
  );
}
