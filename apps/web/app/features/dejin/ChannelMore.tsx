import { type MouseEvent, useRef, useState } from "react";
import { islandTag, nameAttribute, propsAttribute } from "../../islands/protocol.ts";
import { holdAtLeast } from "../../lib/min-delay.ts";
import { Link, useQuery } from "../../lib/nav.tsx";
import { toast } from "../../lib/toast.ts";

/** The island's name; the next page's document is searched for the same island. */
const channelMoreIsland = "dejin-more";

export interface ChannelMoreProps {
  /** the page of the list shown last */
  page: number;
  /** how many reports the list has in all */
  total: number;
  /** how many reports are shown */
  shown: number;
}

const cardKey = (card: Element) => card.querySelector("a")?.getAttribute("href") ?? "";

/** The next page's reports (their server markup) and its 加载更多 state, read from its document. */
async function fetchNextPage(url: string): Promise<{ cards: Element[]; more: ChannelMoreProps }> {
  const response = await fetch(url, { credentials: "same-origin", headers: { accept: "text/html" } });
  if (!response.ok) throw new Error(`next page: ${response.status}`);
  const doc = new DOMParser().parseFromString(await response.text(), "text/html");
  const island = doc.querySelector(`${islandTag}[${nameAttribute}="${channelMoreIsland}"]`);
  const list = island?.previousElementSibling;
  const more = JSON.parse(island?.getAttribute(propsAttribute) ?? "null") as ChannelMoreProps | null;
  if (!list || !more) throw new Error("next page: no list");
  return { cards: Array.from(list.children), more };
}

/**
 * 加载更多 under a list of clue reports, an island woken by the tap (decision 061): it fetches the
 * list's next page (`?page=N+1`, the document a visitor without JavaScript is linked to), adds that
 * page's reports under those shown (server markup, each report once), takes that page's count and
 * puts its address in the address bar (`replaceState`). 加载中… lasts at least 200 ms (R-SITE-12);
 * a failed page says so in a toast and the button stays to try again.
 */
export function ChannelMore(props: ChannelMoreProps) {
  const query = useQuery();
  const [state, setState] = useState(props);
  const [loading, setLoading] = useState(false);
  const self = useRef<HTMLAnchorElement | null>(null);

  const next = new URLSearchParams(query);
  next.set("page", String(state.page + 1));

  function loadMore(event: MouseEvent) {
    event.preventDefault();
    if (loading) return;
    const list = self.current?.closest(islandTag)?.previousElementSibling;
    if (!list) return;
    // the address bar may have moved on (a page added before): the next page follows the shown one
    const address = new URL(window.location.href);
    address.searchParams.set("page", String(state.page + 1));
    address.hash = "";
    const url = address.pathname + address.search;
    setLoading(true);
    holdAtLeast(fetchNextPage(url))
      .then(({ cards, more }) => {
        const seen = new Set(Array.from(list.children, cardKey));
        for (const card of cards) if (!seen.has(cardKey(card))) list.appendChild(document.importNode(card, true));
        setState({ page: more.page, total: more.total, shown: list.children.length });
        window.history.replaceState(window.history.state, "", url);
      })
      .catch((error: unknown) => {
        console.warn("dejin: next page failed:", error);
        toast("加载失败，请稍后重试");
      })
      .finally(() => setLoading(false));
  }

  if (state.shown >= state.total) return <p className="dj-end">没有更多了</p>;
  return (
    <Link
      ref={self}
      className="load-more"
      to={`?${next.toString()}`}
      onClick={loadMore}
      aria-disabled={loading}
      data-testid="load-more"
    >
      {loading ? "加载中…" : "加载更多"}
    </Link>
  );
}
