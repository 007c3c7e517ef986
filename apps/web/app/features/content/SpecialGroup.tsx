import { useState } from "react";
import { Island } from "../../islands/Island.tsx";
import { useContentT } from "../../lib/i18n/content.ts";
import type { RelatedCard } from "../../model/article.ts";
import { ContentCard } from "../lists/ContentCard.tsx";
import { ListCard } from "../lists/PagedList.tsx";

/** Items a folded group shows before 展开 (collapse: true). */
export const foldedCount = 2;

/** What a special's group shows: its name, whether it opens folded, its cards (JSON: an island's props). */
export interface SpecialGroupView {
  name: string;
  collapse: boolean;
  cards: RelatedCard[];
}

interface GroupProps {
  group: SpecialGroupView;
  index: number;
  /** set when the group is an island: its h5 cards are a part of it */
  island?: boolean;
}

/** A group of the special: its name and its items; a collapse group opens folded. */
function Group({ group, index, island }: GroupProps) {
  const t = useContentT();
  const [open, setOpen] = useState(!group.collapse);
  const foldable = group.collapse && group.cards.length > foldedCount;
  const cards = open || !foldable ? group.cards : group.cards.slice(0, foldedCount);
  const titleId = `special-group-${index}`;
  const listId = `special-group-list-${index}`;
  return (
    <section className="special-group" aria-labelledby={titleId} data-testid="special-group">
      <h2 id={titleId} className="special-group-title">
        <span>{group.name}</span>
      </h2>
      {cards.length ? (
        <ul id={listId} className="card-list">
          {cards.map((card) =>
            // in the group's island an h5 card is a part of it (islands do not nest)
            island ? <ContentCard key={card.id} card={card} /> : <ListCard key={card.id} card={card} />,
          )}
        </ul>
      ) : (
        <p className="list-empty">{t("emptyContent")}</p>
      )}
      {foldable ? (
        <button
          type="button"
          className="special-toggle"
          aria-expanded={open}
          aria-controls={listId}
          onClick={() => setOpen((v) => !v)}
        >
          {open ? t("collapseGroup") : t("expandGroup", { count: group.cards.length })}
        </button>
      ) : null}
    </section>
  );
}

/** A folding group as an island: its cards hydrate with it, an h5 card among them too. */
export function FoldingGroup(props: GroupProps) {
  return <Group group={props.group} index={props.index} island />;
}

/**
 * A group of the special (decision 060): one that folds is an island woken by a tap (展开全部 and
 * 收起); any other is server HTML, its h5 cards islands of their own.
 */
export function SpecialGroup(props: GroupProps) {
  const foldable = props.group.collapse && props.group.cards.length > foldedCount;
  if (!foldable) return <Group group={props.group} index={props.index} />;
  return <Island name="special-group" wake="interaction" component={FoldingGroup} props={props} />;
}
