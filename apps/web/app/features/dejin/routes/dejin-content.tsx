import { Link } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import { formatBigNumber, formatDateTime } from "../../../model/format.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import dejinCss from "../dejin.css?url";
import { LoadFailed } from "../LoadFailed.tsx";
import { dejinMeta } from "../meta.ts";
import { dejinRoutes } from "../paths.ts";
import { isUuid, pichoQuery } from "../picho.ts";
import { dejinShareFacts } from "../share.server.ts";
import { load } from "../store.ts";
import type { Route } from "./+types/dejin-content";

/**
 * /dejin/content/index.html?rid={column}&uuid={item} (R-ROUTE-1): an item of an open column (picho),
 * news style: title, source, author, time, views and the body. Without rid or uuid, or for an unknown
 * item, /404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const query = pichoQuery(request.url);
  if (!query || !isUuid(query.uuid)) throw redirect("/404");
  const { rid, uuid } = query;
  const item = await load(`picho ${rid}/${uuid}`, callApi, (c) => c.pichoContent({ params: { rid, uuid } }));
  if (item.state === "missing") throw redirect("/404");
  if (item.state === "failed") return data(keep({ rid, item: null, share: null }), { status: 503, headers: noStore });
  const share = await dejinShareFacts({
    kind: "article",
    link: item.data.share_link,
    title: item.data.title,
    summary: item.data.summary,
    image: item.data.cover,
    published: item.data.publish_at,
    author: item.data.source,
  });
  return keep({ rid, item: item.data, share });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dejinCss }];

/** Kept by the page cache for a few seconds like the other pages; a page from a failed load never. */
export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = dejinMeta<typeof loader>();

/** An island page (decision 061): the item is server HTML; the retry of a failed load and the banner are islands. */
export const handle: PageHandle = { islands: true };

export default function DejinContent({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { rid, item } = loaderData;
  return (
    <div className="dj-page">
      <ListHeader />
      <main className="dj-main">
        {item ? (
          <article className="dj-news" data-testid="dejin-news">
            {item.catalog_name ? (
              <Link className="dj-news-catalog" to={dejinRoutes.pichoCatalog(rid, item.catalog_id)}>
                {item.catalog_name}
              </Link>
            ) : null}
            <h1 className="dj-title">{item.title}</h1>
            <p className="dj-news-meta">
              <span>{item.source}</span>
              {item.author ? <span>记者 {item.author}</span> : null}
              <time dateTime={item.publish_at}>{formatDateTime(item.publish_at)}</time>
            </p>
            {item.summary ? <p className="dj-news-summary">{item.summary}</p> : null}
            {/* sanitised by the API */}
            <div className="dj-news-body" dangerouslySetInnerHTML={{ __html: item.content }} />
            <p className="dj-views">{formatBigNumber(item.view_count)}次阅读</p>
          </article>
        ) : (
          <LoadFailed what="文章" />
        )}
      </main>
    </div>
  );
}
