import { Island } from "../../islands/Island.tsx";
import { useListT } from "../../lib/i18n/lists.ts";
import type { RelatedCard } from "../../model/article.ts";
import type { TextPart } from "../../model/search.ts";
import { FlyCard } from "./ContentCard.tsx";
import { ListCard } from "./LinkCard.tsx";
import { LoadMore } from "./LoadMore.tsx";

export { LinkCard, ListCard } from "./LinkCard.tsx";
export { LoadMore } from "./LoadMore.tsx";

export interface CardPage {
  cards: RelatedCard[];
  hasMore: boolean;
}

/** What a paged list takes: data only (JSON), so any page, island page or not, can draw it. */
export interface PagedListProps {
  initial: CardPage;
  page: number;
  failed?: boolean;
  variant?: "card" | "fly";
  emptyText?: string;
  /** Card titles in parts by card id, the keyword marked (search); text, never HTML. */
  titleParts?: Record<string, TextPart[]>;
  /** Heading level of the card titles: 2 when the list sits right under the page's h1 */
  cardLevel?: 2 | 3;
}

/**
 * A list with 加载更多 (R-CONTENT-8): the first page comes from the server and its cards stay server
 * HTML; 加载更多 is an island (`LoadMore`, woken by the tap, decision 060) that adds the next page's
 * cards under those shown, the button showing 加载中… for at least 200 ms (R-SITE-12). Without
 * JavaScript it is a plain link to `?page=N+1`; a tap before the island wakes is held and answered.
 * An empty list says 暂无内容.
 */
export function PagedList(props: PagedListProps) {
  const t = useListT();
  const { cards, hasMore } = props.initial;
  if (cards.length === 0) {
    return <p className="empty">{props.failed ? t("loadFailed") : (props.emptyText ?? t("emptyList"))}</p>;
  }
  return (
    <>
      <ul className={props.variant === "fly" ? "fly-list" : "card-list"} data-testid="paged-list">
        {cards.map((card, index) =>
          props.variant === "fly" ? (
            <FlyCard key={card.id} card={card} level={props.cardLevel} lead={index === 0} />
          ) : (
            <ListCard key={card.id} card={card} parts={props.titleParts?.[card.id]} level={props.cardLevel} />
          ),
        )}
      </ul>
      <Island name="paged-list" wake="interaction" component={LoadMore} props={{ page: props.page, hasMore }} />
    </>
  );
}
