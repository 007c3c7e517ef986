import { ErrorCode } from "@davmu/contracts/error-codes";
import { data, redirect } from "react-router";
import { ContentCard } from "../components/ContentCard.tsx";
import { EyeIcon } from "../components/icons.tsx";
import { OpenAppBanner } from "../components/OpenAppBanner.tsx";
import { callApi } from "../lib/api.server.ts";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { emitOpenApp } from "../lib/events.ts";
import { requireIndexSegment, requirePublicId } from "../lib/guards.server.ts";
import { baseMeta } from "../lib/meta.ts";
import { useSite } from "../lib/site-context.tsx";
import { toArticleView } from "../model/article.ts";
import type { Route } from "./+types/doc";

export async function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const id = requirePublicId(params.post_id, params.actor);
  const answer = await callApi((c) => c.content(id));
  if (answer.code === ErrorCode.contentUnavailable || answer.code === ErrorCode.notFound) throw redirect("/404");
  if (answer.code !== 0) {
    console.warn("content load failed:", answer.code, answer.msg);
    throw data({ message: "内容加载失败，请稍后重试" }, { status: 502 });
  }
  return { article: toArticleView(answer.data, Date.now()), shareLink: answer.data.share_link };
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
  const { article } = loaderData;
  const { site } = useSite();
  return (
    <>
      <OpenAppBanner />
      <main className="article-page">
        <article className="article">
          <h1 className="article-title">{article.title}</h1>
          <div className="article-meta">
            {article.mp?.avatar ? (
              <img className="article-avatar" src={article.mp.avatar} alt="" width={20} height={20} />
            ) : null}
            <span className="article-source">{article.source}</span>
            <time dateTime={article.publishedAt}>{article.publishedLabel}</time>
            <span className="article-views">
              <EyeIcon />
              {article.views}
            </span>
          </div>
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
      </main>
    </>
  );
}
