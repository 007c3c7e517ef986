import { linkContentTypes } from "@davmu/contracts/values";
import { Island } from "../../../islands/Island.tsx";
import { useContentT } from "../../../lib/i18n/content.ts";
import { framedOnItsPage, linkPageAddress, useLinkFrameOrigins } from "../../../lib/link-frames.ts";
import { pageData } from "../../../lib/page-data.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { detailPageMeta, viewHead } from "../../../lib/share-meta.ts";
import { useSite } from "../../../lib/site-context.tsx";
import { toArticleView } from "../../../model/article.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { BottomLists } from "../BottomLists.tsx";
import { DetailHead } from "../DetailHead.tsx";
import { DetailShell } from "../DetailShell.tsx";
import { detailLoader } from "../detail-page.server.ts";
import { ReadInApp } from "../ReadInApp.tsx";
import type { Route } from "./+types/doc";

export const loader = (args: Route.LoaderArgs) =>
  // h5 and link items are shared on this page too (their share link is a doc path): it frames or
  // links their address, so a shared h5 opens with the site's header and lists around it
  detailLoader(args, {
    accepts: ["article", ...linkContentTypes],
    // page 1 of the comments is rendered with the article, so it reads without JavaScript
    lists: "bottom",
    view: (item, { now, lang, comments }) => ({
      article: toArticleView(item, now, lang),
      address: linkContentTypes.includes(item.content_type)
        ? linkPageAddress(item.payload.url || item.payload.real_url)
        : null,
      comments,
    }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

/**
 * An island page (decision 056): headline, body, pictures and lists are never hydrated; the banner,
 * the open-app button, the comment list and footer, the follow button and the hosts are islands.
 */
export const handle: PageHandle = { islands: true };

export const meta = detailPageMeta<typeof loader>((data) =>
  viewHead({ view: data.article, shareLink: data.shareLink }),
);

/**
 * An h5 or link item's page: its address in a frame as wide as the page (a path of this site or a
 * configured origin), and a plain link that opens it, which works without JavaScript and for
 * addresses that may not be framed. No address (an item imported without one): the summary alone.
 */
function LinkPage({ title, address, framed }: { title: string; address: string; framed: boolean }) {
  const t = useContentT();
  if (!address) return null;
  return (
    <div className="link-page">
      {framed ? <iframe className="link-page-frame" src={address} title={title} /> : null}
      <a className="link-page-open" href={address} rel="noopener nofollow">
        {t("openLinkPage")}
      </a>
    </div>
  );
}

/** Article share page: title, source, time, views, cover and body, readable without JavaScript. */
export default function Doc({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { article, address, lists, env } = loaderData;
  const { site } = useSite();
  const t = useContentT();
  const allowed = useLinkFrameOrigins();
  return (
    <DetailShell
      item={{
        post_id: article.id,
        // an h5 or link item keeps its own type: its comments and favourites are its own
        content_type: article.contentType,
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
        {address !== null ? (
          <LinkPage title={article.title} address={address} framed={framedOnItsPage(address, allowed)} />
        ) : null}
        {address === null && article.cover ? (
          <figure className="article-cover">
            <img src={article.cover.src} alt={article.cover.alt} width={750} height={422} fetchPriority="high" />
          </figure>
        ) : null}
        {/* sanitised by the API as it was written, or as it was read (decision 090) */}
        {address === null ? (
          <div className="article-body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
        ) : null}
      </article>
      <Island
        name="read-in-app"
        wake="interaction"
        component={ReadInApp}
        props={{ label: t("readMoreInApp", { site: site.name }) }}
      />
    </DetailShell>
  );
}
