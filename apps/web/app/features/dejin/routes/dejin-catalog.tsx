import { Link } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import { pageParam } from "../../../model/lists.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { PagedList } from "../../lists/PagedList.tsx";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import dejinCss from "../dejin.css?url";
import { LoadFailed } from "../LoadFailed.tsx";
import { dejinMeta } from "../meta.ts";
import { dejinRoutes } from "../paths.ts";
import { isCatalogId, pichoCard, pichoQuery } from "../picho.ts";
import { dejinShareFacts } from "../share.server.ts";
import { channelLimit, load } from "../store.ts";
import type { Route } from "./+types/dejin-catalog";

/**
 * /dejin/catalog/index.html?rid={column}&id={catalog} (R-ROUTE-1): a catalog of an open column
 * (picho), news style: its name and description, the column's catalogs as tabs, and its items newest
 * first, 10 at a time with 加载更多. Without rid or id, or for an unknown catalog, /404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const query = pichoQuery(request.url);
  if (!query || !isCatalogId(query.id)) throw redirect("/404");
  const { rid, id } = query;
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const [catalog, items] = await Promise.all([
    load(`catalog ${rid}/${id}`, callApi, (c) => c.pichoCatalog({ params: { rid, id } })),
    load(`catalog ${rid}/${id} items`, callApi, (c) =>
      c.pichoContentList({ params: { rid }, query: { catalog_id: id, page, limit: channelLimit } }),
    ),
  ]);
  if (catalog.state === "missing") throw redirect("/404");
  const now = Date.now();
  const list =
    items.state === "ready"
      ? {
          cards: items.data.list.map((item) => pichoCard(rid, item, now)),
          hasMore: items.data.page * items.data.limit < items.data.total,
        }
      : null;
  if (catalog.state !== "ready") {
    return data(keep({ rid, id, page, catalog: null, list, share: null }), { status: 503, headers: noStore });
  }
  const share = await dejinShareFacts({
    kind: "collection",
    link: catalog.data.share_link,
    title: catalog.data.name,
    summary: catalog.data.description,
    image: catalog.data.cover,
  });
  return data(keep({ rid, id, page, catalog: catalog.data, list, share }), list ? {} : { headers: noStore });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dejinCss }];

/** Kept by the page cache for a few seconds like the other pages; a page from a failed load never. */
export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = dejinMeta<typeof loader>();

/**
 * An island page (decision 058): the column's tabs and cards are server HTML; 加载更多 is an island woken
 * by a tap.
 */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

export default function DejinCatalog({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { rid, id, page, catalog, list } = loaderData;
  return (
    <div className="dj-page">
      <ListHeader />
      <main className="dj-main">
        {catalog ? (
          <>
            <header className="dj-catalog-head">
              <h1 className="dj-catalog-name">{catalog.name}</h1>
              {catalog.description ? <p className="dj-catalog-desc">{catalog.description}</p> : null}
            </header>
            {catalog.siblings.length > 1 ? (
              <nav className="dj-tabs" aria-label="栏目">
                {catalog.siblings.map((s) => (
                  <Link
                    key={s.id}
                    to={dejinRoutes.pichoCatalog(rid, s.id)}
                    className={s.id === id ? "dj-tab dj-tab-on" : "dj-tab"}
                    aria-current={s.id === id ? "page" : undefined}
                  >
                    {s.name}
                  </Link>
                ))}
              </nav>
            ) : null}
          </>
        ) : (
          <h1 className="dj-list-title">栏目</h1>
        )}
        {list ? (
          <PagedList key={id} initial={list} page={page} cardLevel={2} emptyText="这个栏目还没有内容" />
        ) : (
          <LoadFailed what="栏目内容" />
        )}
      </main>
    </div>
  );
}
