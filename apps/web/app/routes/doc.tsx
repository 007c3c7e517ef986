import { ErrorCode } from "@davmu/contracts/error-codes";
import { data, redirect } from "react-router";
import { CommentFooter } from "../components/CommentFooter.tsx";
import { CommentList } from "../components/CommentList.tsx";
import { CommentsProvider } from "../components/CommentsProvider.tsx";
import { ContentCard } from "../components/ContentCard.tsx";
import { FollowButton } from "../components/FollowButton.tsx";
import { EyeIcon } from "../components/icons.tsx";
import { OpenAppBanner } from "../components/OpenAppBanner.tsx";
import { callApi } from "../lib/api.server.ts";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { emitOpenApp } from "../lib/events.ts";
import { requireIndexSegment, requirePublicId } from "../lib/guards.server.ts";
import { baseMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-context.tsx";
import { toArticleView } from "../model/article.ts";
import { commentPageSize } from "../model/comments.ts";
import type { Route } from "./+types/doc";

export async function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const id = requirePublicId(params.post_id, params.actor);
  // page 1 of the comments is rendered with the article, so it reads without JavaScript
  const commentsPage = callApi((c) => c.comments(id, { page: 1, size: commentPageSize })).then(
    (list) => (list.code === 0 ? list.data : null),
    (error) => {
      console.warn("comments load failed:", (error as Error).message);
      return null;
    },
  );
  const answer = await callApi((c) => c.content(id));
  if (answer.code === ErrorCode.contentUnavailable || answer.code === ErrorCode.notFound) throw redirect("/404");
  if (answer.code !== 0) {
    console.warn("content load failed:", answer.code, answer.msg);
    throw data({ message: "内容加载失败，请稍后重试" }, { status: 502 });
  }
  return {
    article: toArticleView(answer.data, Date.now()),
    shareLink: answer.data.share_link,
    comments: await commentsPage,
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
  const { article, comments } = loaderData;
  const { site } = useSite();
  const { mp } = article;
  return (
    <CommentsProvider postId={article.id} mp={mp !== null} open={article.commentsOpen} initial={comments}>
      <OpenAppBanner />
      <main className="article-page has-footer">
        <article className="article">
          <h1 className="article-title">{article.title}</h1>
          {mp ? (
            <div className="article-meta is-mp">
              {mp.avatar ? <img className="article-avatar" src={mp.avatar} alt="" width={36} height={36} /> : null}
              <div className="article-byline">
                <span className="article-source">{article.source}</span>
                <span className="article-byline-sub">
                  <time dateTime={article.publishedAt}>{article.publishedLabel}</time>
                  <span className="article-views">
                    <EyeIcon />
                    {article.views}
                  </span>
                </span>
              </div>
              <FollowButton mpId={mp.id} />
            </div>
          ) : (
            <div className="article-meta">
              <span className="article-source">{article.source}</span>
              <time dateTime={article.publishedAt}>{article.publishedLabel}</time>
              <span className="article-views">
                <EyeIcon />
                {article.views}
              </span>
            </div>
          )}
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
          打开{site.name}，查看更多精彩内容
        </button>
        {article.related.length > 0 ? (
          <section className="related" aria-labelledby="related-title">
            <h2 id="related-title" className="section-title">
              相关阅读
            </h2>
            <ul className="card-list">
              {article.related.map((card) => (
                <ContentCard key={card.id} card={card} />
              ))}
            </ul>
          </section>
        ) : null}
        <CommentList />
      </main>
      <CommentFooter contentType={article.contentType} trackId={article.trackId} />
    </CommentsProvider>
  );
}
