import { Island } from "../../../islands/Island.tsx";
import { useContentT } from "../../../lib/i18n/content.ts";
import { pageData } from "../../../lib/page-data.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { useSite } from "../../../lib/site-context.tsx";
import { toArticleView } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { DetailShell, shellItem } from "../../content/DetailShell.tsx";
import { detailLoader } from "../../content/detail-page.server.ts";
import { FollowButton } from "../../content/FollowButton.tsx";
import { ReadInApp } from "../../content/ReadInApp.tsx";
import { VideoPlayer } from "../MediaPlayer.tsx";
import type { Route } from "./+types/svideo";

/**
 * The stylesheet parts this page draws with (page-styles.ts). An island page (decision 059): title,
 * account and summary are never hydrated; the player, the follow button and 更多短视频 are islands
 * woken by a tap.
 */
export const handle: PageHandle = { styles: ["media"], islands: true };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["svideo"],
    lists: "none",
    view: (item, { now, lang }) => ({ view: toArticleView(item, now, lang), video: item.media.video ?? null }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>((data) => viewHead(data, data.video?.poster));

/** Short video: a vertical player filling the screen, title and account over its foot; no lists below. */
export default function ShortVideo({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { view, video, env } = loaderData;
  const { site } = useSite();
  const t = useContentT();
  return (
    <DetailShell
      item={shellItem(view, "svideo")}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={null}
      className="svideo-page"
    >
      <div className="vertical-stage">
        <div className="svideo-stage">
          {video ? (
            <Island
              name="video-player"
              wake="interaction"
              component={VideoPlayer}
              props={{
                className: "svideo-player",
                src: video.src,
                poster: video.poster,
                title: view.title,
                loop: true,
              }}
            />
          ) : (
            <p className="media-missing">{t("videoUnavailable")}</p>
          )}
        </div>
        <div className="svideo-info">
          <div className="svideo-author">
            {view.mp?.avatar ? <img src={view.mp.avatar} alt="" width={32} height={32} /> : null}
            <span>{view.source}</span>
            {view.mp ? (
              <Island name="follow-button" wake="interaction" component={FollowButton} props={{ mpId: view.mp.id }} />
            ) : null}
          </div>
          <h1 className="svideo-title">{view.title}</h1>
          {view.summary ? <p className="svideo-summary">{view.summary}</p> : null}
          <Island
            name="read-in-app"
            wake="interaction"
            component={ReadInApp}
            props={{ className: "read-in-app svideo-more", label: t("moreShortVideos", { site: site.name }) }}
          />
        </div>
      </div>
    </DetailShell>
  );
}
