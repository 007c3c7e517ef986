import type { LocalLiveInfo } from "@davmu/contracts/content";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { LiveRoom as LiveRoomDetail } from "@davmu/contracts/live";
import { Island } from "../../../islands/Island.tsx";
import { useContentT } from "../../../lib/i18n/content.ts";
import { useI18n } from "../../../lib/i18n/context.tsx";
import { pageData } from "../../../lib/page-data.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { type ArticleView, toArticleView } from "../../../model/article.ts";
import { formatBigNumber, formatDateTime } from "../../../model/format.ts";
import { chooseLiveScreen, liveStatusLabel } from "../../../model/live.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { DetailShell, shellItem } from "../../content/DetailShell.tsx";
import { detailLoader } from "../../content/detail-page.server.ts";
import { OpenAppButton } from "../../open-app/OpenAppButton.tsx";
import { LiveRoom } from "../LiveRoom.tsx";
import { LiveTimeline } from "../LiveTimeline.tsx";
import liveRoomCss from "../live-room.css?url";
import { toRoomView } from "../room-view.ts";
import type { Route } from "./+types/local-live";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 060): an
 * image-text live without a room is server HTML with one island, the open-app button (woken by the
 * tap); a room is one island woken at idle (see below).
 */
export const handle: PageHandle = { styles: ["media", "live"], islands: true };

/** The room's detail (GET live room, the room the item names by `live_id`); null when it has none. */
async function loadRoom(liveId: string | undefined): Promise<LiveRoomDetail | null> {
  if (!liveId) return null;
  try {
    const answer = await callApi((c) => c.liveRoom({ params: { id: liveId } }));
    return answer.code === ErrorCode.ok ? answer.data : null;
  } catch {
    return null;
  }
}

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    // content items of type live open here too: the room is theirs (decision 032)
    accepts: ["local_live", "live"],
    lists: "none",
    extra: (item) => loadRoom(item.live_id),
    view: (item, { now, lang, extra: detail }) => {
      const live = item.media.live ?? null;
      const view = toArticleView(item, now, lang);
      // an image-text live without a stream keeps its picture timeline
      const screen =
        detail && (detail.playlists.length > 0 || !live?.images.length)
          ? detail.orientation === "portrait"
            ? "PortraitScreen"
            : "LandscapeScreen"
          : chooseLiveScreen(live ?? undefined);
      const room = toRoomView(live, detail, {
        summary: item.summary,
        cover: item.style.data[0]?.url ?? "",
        views: item.view_count,
      });
      return { view, live, screen, room };
    },
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>((data) => {
  // a player's first frame is its poster: fetched first (the image live shows its cover as an <img>)
  const stream = data.room.playlists.find((p) => p.play_url) ?? data.room.playlists[0];
  const first = data.room.status === "upcoming" ? data.room.background : stream?.cover;
  return viewHead(data, data.screen !== "ImageScreen" ? first : null);
});

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: liveRoomCss }];

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

/** ImageScreen without a room: an image-text live, newest post first, under the cover. */
function ImageScreen({ view, live }: { view: ArticleView; live: LocalLiveInfo | null }) {
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
      <LiveTimeline images={live?.images ?? []} titled />
    </div>
  );
}

/**
 * The live room (R-ROUTE-7, R-CONTENT-10, R-LIVE-1, R-LIVE-3): local_live and live items. The
 * sub-screen follows the room's streams and orientation: LandscapeScreen and PortraitScreen are the
 * room (features/live/LiveRoom.tsx), ImageScreen the picture timeline of an image-text live. No
 * header on phones, no lists or comment footer below (R-LAYOUT-3).
 */
export default function LocalLive({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, live, screen, env, room, shareLink } = loaderData;
  const t = useContentT();
  // an image-text live without a room of its own keeps the plain picture page
  const plain = screen === "ImageScreen" && room.liveId === null;
  return (
    <DetailShell
      // a live item's room has local_live's layout: no lists, no comment footer
      item={shellItem(view, "local_live")}
      commentsOpen={false}
      env={env}
      comments={null}
      className={plain ? "local-live-page" : "local-live-page is-dark live-room-page"}
    >
      {plain ? (
        <ImageScreen view={view} live={live} />
      ) : (
        <Island
          name="live-room"
          // the room runs without a tap: the chat, the online count and the room's status arrive as
          // they happen, the countdown turns into the player at the start, and the player answers its
          // first tap as a play (a held tap cannot be replayed as one); so it wakes once the browser
          // is idle, and React comes with it before any interaction (decision 060)
          wake="idle"
          component={LiveRoom}
          props={{
            room,
            title: view.title,
            lead: view.summary,
            source: view.source,
            shareLink,
            // an image-text live: its posts are the first tab, under the cover
            ...(screen === "ImageScreen" ? { timeline: live?.images ?? [] } : {}),
            cover: view.cover?.src ?? "",
          }}
        />
      )}
      <Island
        name="open-app-button"
        wake="interaction"
        component={OpenAppButton}
        props={{ text: [t("liveOpenApp")], className: "read-in-app live-open-app" }}
      />
    </DetailShell>
  );
}
