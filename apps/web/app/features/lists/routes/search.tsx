import { searchMaxPage } from "@davmu/contracts/limits";
import { Island } from "../../../islands/Island.tsx";
import { useListT } from "../../../lib/i18n/lists.ts";
import { baseMeta } from "../../../lib/meta.ts";
import { Link, sitePath } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { callApi, callApiShared } from "../../../lib/server/api.server.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import { toRelatedCard } from "../../../model/article.ts";
import { requestLang } from "../../../model/i18n/lang.ts";
import { pageParam } from "../../../model/lists.ts";
import { highlightParts, searchKeyword } from "../../../model/search.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { ContentCard } from "../ContentCard.tsx";
import { SearchIcon } from "../nav-icons.tsx";
import { PagedList } from "../PagedList.tsx";
import { SearchBack } from "../SearchBack.tsx";
import type { Route } from "./+types/search";

const searchPageSize = 10;

export async function loader({ request, params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const url = new URL(request.url);
  const raw = url.searchParams.get("keyword");
  const keyword = searchKeyword(raw);
  const page = pageParam(url.searchParams.get("page"), searchMaxPage);
  const [hot, found, hotContent] = await Promise.all([
    callApi((c) => c.hotWords()).catch(() => null),
    keyword ? callApi((c) => c.search({ query: { keyword, page, size: searchPageSize } })) : Promise.resolve(null),
    // before a search the page offers what is read most (the list detail pages show, shared with them)
    keyword ? Promise.resolve(null) : callApiShared("hot72", (c) => c.hot72()).catch(() => null),
  ]);
  const now = Date.now();
  const lang = requestLang(request);
  return keep({
    raw: raw ?? "",
    keyword,
    page,
    // a keyword the API refuses (punctuation only) is shown as an invalid search, not an error page
    invalid: (raw !== null && raw.trim() !== "" && keyword === null) || (found !== null && found.code !== 0),
    hotWords: hot?.code === 0 ? hot.data.list.map((w) => w.word) : [],
    total: found?.code === 0 ? found.data.total : 0,
    results: found?.code === 0,
    list: {
      cards: found?.code === 0 ? found.data.list.map((item) => toRelatedCard(item, now, lang)) : [],
      hasMore: found?.code === 0 ? found.data.has_more : false,
    },
    hotContent: hotContent?.code === 0 ? hotContent.data.list.map((item) => toRelatedCard(item, now, lang)) : [],
  });
}

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

/**
 * An island page (decision 058): the form is a plain GET form and the results are server HTML; 返回,
 * 加载更多 and an h5 card's popup are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

/**
 * Search (R-ROUTE-1): a search box that works without JavaScript (a GET form), the hot words, the
 * results with the keyword marked as text, and before a search the 72-hour hot list.
 */
export default function Search({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { raw, keyword, page, invalid, hotWords, total, results, list, hotContent } = loaderData;
  const t = useListT();
  return (
    <>
      <ListHeader />
      <main className="search-page">
        <h1 className="visually-hidden">{t("search")}</h1>
        {/* a search is a document load of /search/index.html?keyword=…, with JavaScript or without */}
        {/* biome-ignore lint/a11y/useSemanticElements: the form keeps its role, as WeChat's older web views know no <search> */}
        <form className="search-bar" role="search" action={sitePath("/search/index.html")} method="get">
          <Island name="search-back" wake="interaction" component={SearchBack} props={{ label: t("back") }} />
          <label className="search-field">
            <SearchIcon />
            <input
              key={raw}
              type="search"
              name="keyword"
              enterKeyHint="search"
              defaultValue={raw}
              maxLength={40}
              placeholder={t("searchPlaceholder")}
              aria-label={t("search")}
            />
          </label>
          <button type="submit" className="search-submit">
            {t("search")}
          </button>
        </form>
        {invalid ? <p className="search-hint">{t("searchKeywordInvalid")}</p> : null}
        {keyword && results ? (
          <section className="search-results" aria-labelledby="search-results-title">
            <h2 id="search-results-title" className="search-heading">
              {t("searchResults", { keyword })}
              {total > 0 ? <span className="search-count">{t("searchCount", { count: total })}</span> : null}
            </h2>
            <PagedList
              key={keyword}
              initial={list}
              page={page}
              titleParts={Object.fromEntries(list.cards.map((card) => [card.id, highlightParts(card.title, keyword)]))}
              emptyText={t("searchNoResult")}
            />
          </section>
        ) : null}
        {hotWords.length > 0 ? (
          <section className="hot-words" aria-labelledby="hot-words-title">
            <h2 id="hot-words-title" className="search-heading">
              {t("searchHot")}
            </h2>
            <ol>
              {hotWords.map((word, i) => (
                <li key={word}>
                  <Link to={`/search/index.html?keyword=${encodeURIComponent(word)}`}>
                    <span className={i < 3 ? "hot-rank is-top" : "hot-rank"}>{i + 1}</span>
                    {word}
                  </Link>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {hotContent.length > 0 ? (
          <section className="search-hot-content" aria-labelledby="hot-content-title" data-testid="search-hot-content">
            <h2 id="hot-content-title" className="search-heading">
              {t("searchHotContent")}
            </h2>
            <ul className="card-list">
              {hotContent.map((card) => (
                <ContentCard key={card.id} card={card} level={3} />
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    </>
  );
}
