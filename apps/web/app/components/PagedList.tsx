import { type MouseEvent, useEffect, useState } from "react";
import { Link, useRouteLoaderData, useSearchParams } from "react-router";
import { useHydrated } from "../lib/hydrated.ts";
import { useT } from "../lib/i18n/context.tsx";
import { holdAtLeast } from "../lib/min-delay.ts";
import { toast } from "../lib/toast.ts";
import type { RelatedCard } from "../model/article.ts";
import { ContentCard, FlyCard } from "./ContentCard.tsx";

export interface CardPage {
  cards: RelatedCard[];
  hasMore: boolean;
}

/** Where visitors' browsers reach the API (the root loader's setting). */
export function usePublicApiBase(): string {
  return useRouteLoaderData<{ publicApiBase: string }>("root")?.publicApiBase ?? "";
}

/**
 * A list with 加载更多 (R-CONTENT-8): the first page comes from the server; further pages are
 * fetched in place, the button showing 加载中… for at least 200 ms (R-SITE-12). Without JavaScript
 * the button is a link to the next page. An empty list says 暂无内容.
 */
export function PagedList(props: {
  initial: CardPage;
  page: number;
  failed?: boolean;
  fetchPage(page: number): Promise<CardPage>;
  keyword?: string;
  variant?: "card" | "fly";
  emptyText?: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const [cards, setCards] = useState(props.initial.cards);
  const [hasMore, setHasMore] = useState(props.initial.hasMore);
  const [page, setPage] = useState(props.page);
  const [loading, setLoading] = useState(false);

  // a new first page (another group, another keyword) replaces the list
  useEffect(() => {
    setCards(props.initial.cards);
    setHasMore(props.initial.hasMore);
    setPage(props.page);
  }, [props.initial, props.page]);

  if (cards.length === 0) {
    return <p className="empty">{props.failed ? t("loadFailed") : (props.emptyText ?? t("emptyList"))}</p>;
  }

  const next = new URLSearchParams(params);
  next.set("page", String(page + 1));

  function loadMore(event: MouseEvent) {
    event.preventDefault();
    if (loading) return;
    setLoading(true);
    holdAtLeast(props.fetchPage(page + 1))
      .then((result) => {
        setCards((all) => {
          const seen = new Set(all.map((c) => c.id));
          return [...all, ...result.cards.filter((c) => !seen.has(c.id))];
        });
        setHasMore(result.hasMore);
        setPage((p) => p + 1);
      })
      .catch((error) => {
        console.warn("next page failed:", error);
        toast(t("networkError"));
      })
      .finally(() => setLoading(false));
  }

  const Card = props.variant === "fly" ? FlyCard : ContentCard;
  return (
    <>
      <ul className={props.variant === "fly" ? "fly-list" : "card-list"} data-testid="paged-list">
        {cards.map((card) => (
          <Card key={card.id} card={card} keyword={props.keyword} />
        ))}
      </ul>
      {hasMore ? (
        <Link
          className="load-more"
          to={`?${next.toString()}`}
          onClick={hydrated ? loadMore : undefined}
          aria-disabled={loading}
          preventScrollReset
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
