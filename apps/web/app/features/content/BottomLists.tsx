import { useContentT } from "../../lib/i18n/content.ts";
import type { RelatedCard } from "../../model/article.ts";
import { CommentListSlot } from "../comments/CommentList.tsx";
import { ContentCard } from "../lists/ContentCard.tsx";
import { Deferred } from "./deferred.tsx";
import type { MoreLists } from "./detail.server.ts";

/** 暂无内容 when a list is empty (R-CONTENT-8). */
function CardSection(props: { id: string; title: string; cards: RelatedCard[]; testId: string }) {
  const t = useContentT();
  return (
    <section className="related" aria-labelledby={props.id} data-testid={props.testId}>
      <h2 id={props.id} className="section-title">
        {props.title}
      </h2>
      {props.cards.length ? (
        <ul className="card-list">
          {props.cards.map((card) => (
            <ContentCard key={card.id} card={card} />
          ))}
        </ul>
      ) : (
        <p className="list-empty">{t("emptyContent")}</p>
      )}
    </section>
  );
}

/**
 * What the docDetail layout puts below a detail (R-UI-LISTS): related reading, the comments, the
 * 72-hour hot list and the editors' recommendations (cards made by the loader: `loadBottomLists`).
 */
export function BottomLists(props: { related: RelatedCard[]; more: Promise<MoreLists> }) {
  const t = useContentT();
  return (
    <>
      <CardSection id="related-title" title={t("relatedReading")} cards={props.related} testId="related-list" />
      <CommentListSlot />
      {/* streamed after the page itself */}
      <Deferred resolve={props.more}>
        {(more) => (
          <>
            <CardSection id="hot-title" title={t("hotList")} cards={more.hot} testId="hot-list" />
            <CardSection
              id="recommend-title"
              title={t("editorsPicks")}
              cards={more.recommended}
              testId="recommend-list"
            />
          </>
        )}
      </Deferred>
    </>
  );
}
