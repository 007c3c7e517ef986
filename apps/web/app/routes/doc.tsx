import { BottomLists } from "../components/BottomLists.tsx";
import { DetailHead } from "../components/DetailHead.tsx";
import { DetailShell } from "../components/DetailShell.tsx";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { detailLoader } from "../lib/detail-page.server.ts";
import { emitOpenApp } from "../lib/events.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { detailPageMeta, viewHead } from "../lib/share-meta.ts";
import { useSite } from "../lib/site-context.tsx";
import { toArticleView } from "../model/article.ts";
import type { Route } from "./+types/doc";

export const loader = (args: Route.LoaderArgs) =>
  // h5 and link items have no page of their own and are not shown as articles
  detailLoader(args, {
    accepts: ["article"],
    // page 1 of the comments is rendered with the article, so it reads without JavaScript
    lists: "bottom",
    view: (item, { now, lang, comments }) => ({ article: toArticleView(item, now, lang), comments }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>((data) =>
  viewHead({ view: data.article, shareLink: data.shareLink }),
);

/** Article share page: title, source, time, views, cover and body, readable without JavaScript. */
export default function Doc({ loaderData }: Route.ComponentProps) {
  const { article, lists, env } = loaderData;
  const { site } = useSite();
  const t = useContentT();
  return (
    <DetailShell
      item={{
        post_id: article.id,
        content_type: "article",
        track_id: article.trackId,
        like_count: article.likes,
        collect_count: article.collects,
        mp: article.mp ? { ...article.mp } : null,
      }}
      commentsOpen={article.commentsOpen}
      env={env}
      comments={lists.comments}
      className="article-page"
      below={(layout) => (layout.bottomLists ? <BottomLists related={article.related} more={lists.more} /> : null)}
    >
      <article className="article">
        <DetailHead view={article} />
        {article.summary ? <p className="article-summary">{article.summary}</p> : null}
        {article.cover ? (
          <figure className="article-cover">
            <img src={article.cover.src} alt={article.cover.alt} width={750} height={422} fetchPriority="high" />
          </figure>
        ) : null}
        {/* sanitised by the API on the way out of the database */}
        <div className="article-body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
      </article>
      <button type="button" className="read-in-app" onClick={emitOpenApp}>
        {t("readMoreInApp", { site: site.name })}
      </button>
    </DetailShell>
  );
}
