import { useListT } from "../../../lib/i18n/lists.ts";
import { baseMeta } from "../../../lib/meta.ts";
import { Link } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import { requestLang } from "../../../model/i18n/lang.ts";
import { listPageSize, pageParam } from "../../../model/lists.ts";
import { contentModelHref, visibleNavItems } from "../../../model/nav.ts";
import { parseAppInfo } from "../../../model/site.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { NavBar } from "../../navigation/NavBar.tsx";
import { toCardPage } from "../lists.server.ts";
import { PagedList } from "../PagedList.tsx";
import type { Route } from "./+types/content-model";

export async function loader({ request, params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const url = new URL(request.url);
  const id = url.searchParams.get("id") ?? "";
  const info = await callApi((c) => c.appInfo());
  const items = visibleNavItems(parseAppInfo(info.code === 0 ? info.data.app_info : null).navigationItems);
  const item = items.find((i) => i.id === id);
  if (!item) throw data({ message: "页面找不到了" }, { status: 404 });
  const asked = url.searchParams.get("group");
  const group = item.groups.find((g) => g.id === asked) ?? item.groups[0];
  if (!group) throw data({ message: "页面找不到了" }, { status: 404 });
  const page = pageParam(url.searchParams.get("page"));
  const answer = await callApi((c) =>
    c.contentList({ query: { gid: group.id, pageindex: page, pagesize: listPageSize } }),
  );
  const list = toCardPage(answer, Date.now(), requestLang(request));
  return keep({ item, group: group.id, page, list: list ?? { cards: [], hasMore: false }, failed: list === null });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return baseMeta(
    loaderData ? [{ property: "og:title", content: pageData<typeof loader>(loaderData).item.title }] : [],
  );
}

/**
 * An island page (decision 058): the groups and cards are server HTML; 加载更多, an h5 card's popup and
 * the bottom bar are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

/** Content-module page (R-ROUTE-1): a navigation item's groups as tabs, and the chosen group's list. */
export default function ContentModel({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { item, group, page, list, failed } = loaderData;
  const t = useListT();
  return (
    <>
      <ListHeader />
      <main className="home content-model">
        <h1 className="page-title">{item.title}</h1>
        {item.groups.length > 1 ? (
          <nav className="channels" aria-label={t("channels")}>
            {item.groups.map((g) => (
              <Link
                key={g.id}
                to={contentModelHref(item, g.id)}
                className={g.id === group ? "channel active" : "channel"}
                aria-current={g.id === group ? "page" : undefined}
              >
                {g.name}
              </Link>
            ))}
          </nav>
        ) : null}
        <PagedList initial={list} page={page} failed={failed} cardLevel={2} />
      </main>
      <NavBar />
    </>
  );
}
