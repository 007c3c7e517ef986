import type { CardList, RecommendList } from "@davmu/contracts/content";
import type { RelatedCard } from "../model/article.ts";
import { toRelatedCard } from "../model/article.ts";
import { CommentList } from "./CommentList.tsx";
import { ContentCard } from "./ContentCard.tsx";

/** 暂无内容 when a list is empty (R-CONTENT-8). */
function CardSection(props: { id: string; title: string; cards: RelatedCard[]; testId: string }) {
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
        <p className="list-empty">暂无内容</p>
      )}
    </section>
  );
}

/**
 * What the docDetail layout puts below a detail (R-UI-LISTS): related reading, the comments, the
 * 72-hour hot list and the editors' recommendations; the page's own item is left out of the lists.
 */
export function BottomLists(props: {
  postId: string;
  related: RelatedCard[];
  hot: CardList | null;
  recommended: RecommendList | null;
  now: number;
}) {
  const others = (list: { post_id: string }[]) => list.filter((item) => item.post_id !== props.postId);
  const hot = others(props.hot?.list ?? []).map((item) => toRelatedCard(item as never, props.now));
  const recommended = others(props.recommended?.list ?? []).map((item) => toRelatedCard(item as never, props.now));
  return (
    <>
      <CardSection id="related-title" title="相关阅读" cards={props.related} testId="related-list" />
      <CommentList />
      <CardSection id="hot-title" title="72小时热榜" cards={hot} testId="hot-list" />
      <CardSection id="recommend-title" title="编辑推荐" cards={recommended} testId="recommend-list" />
    </>
  );
}
