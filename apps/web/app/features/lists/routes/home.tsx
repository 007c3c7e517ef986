import { useListT } from "../../../lib/i18n/lists.ts";
import { baseMeta } from "../../../lib/meta.ts";
import { Link } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { useSite } from "../../../lib/site-context.tsx";
import { requestLang } from "../../../model/i18n/lang.ts";
import { homePageSize, pageParam } from "../../../model/lists.ts";
import { isHomeItem, visibleNavItems } from "../../../model/nav.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { NavBar } from "../../navigation/NavBar.tsx";
import { LocalWeather } from "../LocalWeather.tsx";
import { toCardPage } from "../lists.server.ts";
import { localWeather } from "../local-info.server.ts";
import { SearchIcon } from "../nav-icons.tsx";
import { PagedList } from "../PagedList.tsx";
import type { Route } from "./+types/home";

export const meta = () => baseMeta();

export const headers: Route.HeadersFunction = pageCacheHeaders;

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const group = url.searchParams.get("group") ?? "";
  const page = pageParam(url.searchParams.get("page"));
  // a local channel's header: its city's weather as the editors keep it (R-LBS-1), when it has one
  const [answer, weather] = await Promise.all([
    callApi((c) => c.contentList({ query: { gid: group || undefined, pageindex: page, pagesize: homePageSize } })),
    localWeather(group),
  ]);
  const result = toCardPage(answer, Date.now(), requestLang(request));
  if (!result) {
    console.warn("content list failed:", answer.msg);
    return data(keep({ group, page, list: { cards: [], hasMore: false }, failed: true, weather }), {
      headers: noStore,
    });
  }
  return keep({ group, page, list: result, failed: false, weather });
}

/**
 * An island page (decision 058): the channels and the cards are server HTML; the open-app banner,
 * 加载更多, an h5 card's popup and the bottom bar are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

/** Home (R-ROUTE-1): the channels of the home navigation item and the newest content of the chosen one. */
export default function Home({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { site, theme } = useSite();
  const t = useListT();
  const home = visibleNavItems(theme.navigationItems).find(isHomeItem);
  const { group, page, list, failed, weather } = loaderData;
  return (
    <>
      <ListHeader />
      <main className="home">
        <h1 className="visually-hidden">{site.name}</h1>
        <div className="channel-bar">
          <nav className="channels" aria-label={t("channels")}>
            <Link to="/" className={group === "" ? "channel active" : "channel"}>
              {t("allChannels")}
            </Link>
            {home?.groups.map((g) => (
              <Link
                key={g.id}
                to={`/?group=${encodeURIComponent(g.id)}`}
                className={group === g.id ? "channel active" : "channel"}
              >
                {g.name}
              </Link>
            ))}
          </nav>
          <Link to="/search/index.html" className="channel-search" aria-label={t("search")}>
            <SearchIcon />
          </Link>
        </div>
        {weather ? <LocalWeather weather={weather} /> : null}
        <h2 className="visually-hidden">{home?.groups.find((g) => g.id === group)?.name ?? t("latest")}</h2>
        <PagedList initial={list} page={page} failed={failed} />
      </main>
      <NavBar />
    </>
  );
}
