import { BottomLists } from "../components/BottomLists.tsx";
import { DetailHead } from "../components/DetailHead.tsx";
import { DetailShell } from "../components/DetailShell.tsx";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { loadBottomLists, loadDetail } from "../lib/detail.server.ts";
import { emitOpenApp } from "../lib/events.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { baseMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-context.tsx";
import { toArticleView } from "../model/article.ts";
import { decideDetailLayout } from "../model/layout.ts";
import type { Route } from "./+types/doc";

export async function loader({ request, params }: Route.LoaderArgs) {
  // h5 and link items have no page of their own and are not shown as articles
  const { item, env, lang } = await loadDetail(request, params, ["article"]);
  const now = Date.now();
  // page 1 of the comments is rendered with the article, so it reads without JavaScript
  const lists = await loadBottomLists(item, decideDetailLayout(item.content_type, env).bottomLists, lang);
  return {
    article: toArticleView(item, now, lang),
    shareLink: item.share_link,
    comments: lists.comments,
    lists,
    env,
    now,
  };
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

export function meta({ loaderData }: Route.MetaArgs) {
  if (!loaderData) return baseMeta();
  const { article, shareLink } = loaderData;
  return baseMeta([
    { property: "og:type", content: "article" },
    { property: "og:title", content: article.title },
    { property: "og:description", content: article.summary },
    { property: "og:url", content: shareLink },
    ...(article.cover ? [{ property: "og:image", content: article.cover.src }] : []),
    { tagName: "link", rel: "canonical", href: shareLink },
  ]);
}

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
