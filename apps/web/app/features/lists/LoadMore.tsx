import { type MouseEvent, useRef, useState } from "react";
import { islandTag, nameAttribute, propsAttribute } from "../../islands/protocol.ts";
import { islandsAdded } from "../../lib/events.ts";
import { useListT } from "../../lib/i18n/lists.ts";
import { holdAtLeast } from "../../lib/min-delay.ts";
import { Link, sitePath, usePageUrl } from "../../lib/nav.tsx";

/** The island's name in the registry; the page fetched for 加载更多 is searched for the same island. */
export const loadMoreIsland = "paged-list";

export interface LoadMoreProps {
  /** the page of the list shown last */
  page: number;
  hasMore: boolean;
}

/** The next page's cards and its own 加载更多 state, read from the page's document. */
interface NextPage {
  cards: Element[];
  more: LoadMoreProps;
}

const selector = `${islandTag}[${nameAttribute}="${loadMoreIsland}"]`;

/** The `n`th list of the page at `url`: its cards and its 加载更多 island's props. */
async function fetchNextPage(url: string, n: number): Promise<NextPage> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`next page: ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const island = doc.querySelectorAll(selector)[n];
  // a page without the list, or unreadable props, throw: the list stays as it is
  const more = JSON.parse(island?.getAttribute(propsAttribute) ?? "") as LoadMoreProps;
  return { cards: Array.from(island?.previousElementSibling?.children ?? []), more };
}

/**
 * 加载更多 under a list of cards (R-CONTENT-8), an island woken by the tap (decision 060): it
 * fetches the list's next page (`?page=N+1`, the document a visitor without JavaScript is linked
 * to), adds that page's cards under those shown (server markup, without repeating one), takes that
 * page's 加载更多 state, and puts the page's address in the address bar (`replaceState`). The
 * button says 加载中… for at least 200 ms (R-SITE-12); the last page's 没有更多了 waits for it too.
 * The added cards are handed to the island loader (`islandsAdded`): an h5 card among them opens its
 * link popup on the first tap, as the first page's do.
 */
export function LoadMore(props: LoadMoreProps) {
  const t = useListT();
  const { pathname, search } = usePageUrl();
  const [state, setState] = useState(props);
  const [loading, setLoading] = useState(false);
  const self = useRef<HTMLElement | null>(null);

  const next = new URLSearchParams(search);
  next.set("page", String(state.page + 1));
  const to = `?${next.toString()}`;

  function loadMore(event: MouseEvent) {
    event.preventDefault();
    if (loading) return;
    const island = self.current?.closest(islandTag);
    const list = island?.previousElementSibling;
    if (!island || !list) return;
    const n = Array.from(document.querySelectorAll(selector)).indexOf(island);
    // the address bar may have moved on (a page added before): the next page follows the shown one
    const query = new URLSearchParams(window.location.search);
    query.set("page", String(state.page + 1));
    const url = sitePath(`?${query.toString()}`, pathname);
    setLoading(true);
    holdAtLeast(fetchNextPage(url, n))
      .then(({ cards, more }) => {
        const seen = new Set(Array.from(list.children, (li) => li.getAttribute("data-tid")));
        const added = cards
          .filter((card) => !seen.has(card.getAttribute("data-tid")))
          .map((card) => document.importNode(card, true));
        for (const card of added) {
          // the next page's first card was its lead: here it is one more card down the list
          for (const img of Array.from(card.querySelectorAll("img[fetchpriority]"))) {
            img.removeAttribute("fetchpriority");
            img.setAttribute("loading", "lazy");
          }
          list.appendChild(card);
        }
        islandsAdded(list);
        window.history.replaceState(window.history.state, "", url);
        setState(more);
      })
      .catch((error) => console.warn("next page failed:", error))
      .finally(() => setLoading(false));
  }

  // the last page's 没有更多了 waits for the loading state to end, so it too lasts 200 ms
  if (!state.hasMore && !loading) return <p className="list-end">{t("noMore")}</p>;
  return (
    <Link
      className="load-more"
      to={to}
      onClick={loadMore}
      aria-disabled={loading}
      data-testid="load-more"
      ref={(element) => {
        self.current = element;
      }}
    >
      {loading ? (
        <>
          <span className="spinner" aria-hidden="true" />
          {t("loading")}
        </>
      ) : (
        t("loadMore")
      )}
    </Link>
  );
}
