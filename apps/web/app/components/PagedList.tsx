import { type MouseEvent, type ReactNode, useEffect, useRef, useState } from "react";
import { useListT } from "../lib/i18n/lists.ts";
import { holdAtLeast } from "../lib/min-delay.ts";
import { Link, useQuery } from "../lib/nav.tsx";
import { useNavigate, useNavigation } from "../lib/router.ts";
import type { RelatedCard } from "../model/article.ts";
import { ContentCard, FlyCard } from "./ContentCard.tsx";

export interface CardPage {
  cards: RelatedCard[];
  hasMore: boolean;
}

/**
 * A list with 加载更多 (R-CONTENT-8): the first page comes from the server; 加载更多 goes to
 * `?page=N+1` without scrolling, and the page it brings is added under the cards already shown,
 * the button showing 加载中… for at least 200 ms (R-SITE-12). Without JavaScript it is a plain
 * link to that page; a tap while the page is still hydrating is replayed to the same handler. An
 * empty list says 暂无内容.
 */
export function PagedList(props: {
  initial: CardPage;
  page: number;
  failed?: boolean;
  variant?: "card" | "fly";
  emptyText?: string;
  /** How a card's title is drawn (search marks its keyword). */
  renderTitle?: (title: string) => ReactNode;
  /** Heading level of the card titles: 2 when the list sits right under the page's h1 */
  cardLevel?: 2 | 3;
}) {
  const t = useListT();
  const params = useQuery();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [cards, setCards] = useState(props.initial.cards);
  const [hasMore, setHasMore] = useState(props.initial.hasMore);
  const shownPage = useRef(props.page);
  const [held, setHeld] = useState(false);

  // the next page adds its cards, without repeating one; any other page (another group, another
  // keyword, back to page 1) replaces the list
  useEffect(() => {
    const { cards: incoming, hasMore: more } = props.initial;
    if (props.page === shownPage.current + 1) {
      setCards((all) => {
        const seen = new Set(all.map((c) => c.id));
        return [...all, ...incoming.filter((c) => !seen.has(c.id))];
      });
    } else {
      setCards(incoming);
    }
    shownPage.current = props.page;
    setHasMore(more);
  }, [props.initial, props.page]);

  if (cards.length === 0) {
    return <p className="empty">{props.failed ? t("loadFailed") : (props.emptyText ?? t("emptyList"))}</p>;
  }

  const next = new URLSearchParams(params);
  next.set("page", String(props.page + 1));
  const loading = held || navigation.state !== "idle";

  function loadMore(event: MouseEvent) {
    event.preventDefault();
    if (loading) return;
    setHeld(true);
    holdAtLeast(Promise.resolve(navigate(`?${next.toString()}`, { preventScrollReset: true, replace: true })))
      .catch((error) => console.warn("next page failed:", error))
      .finally(() => setHeld(false));
  }

  const Card = props.variant === "fly" ? FlyCard : ContentCard;
  return (
    <>
      <ul className={props.variant === "fly" ? "fly-list" : "card-list"} data-testid="paged-list">
        {cards.map((card, index) => (
          <Card
            key={card.id}
            card={card}
            title={props.renderTitle ? props.renderTitle(card.title) : undefined}
            level={props.cardLevel}
            lead={index === 0}
          />
        ))}
      </ul>
      {/* the last page's 没有更多了 waits for the loading state to end, so it too lasts 200 ms */}
      {hasMore || loading ? (
        <Link
          className="load-more"
          to={`?${next.toString()}`}
          onClick={loadMore}
          aria-disabled={loading}
          data-testid="load-more"
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
      ) : (
        <p className="list-end">{t("noMore")}</p>
      )}
    </>
  );
}
