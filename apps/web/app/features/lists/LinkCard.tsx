import { Island } from "../../islands/Island.tsx";
import type { RelatedCard } from "../../model/article.ts";
import type { TextPart } from "../../model/search.ts";
import { ContentCard, PopupLink } from "./ContentCard.tsx";

/** A title in parts, those with the keyword marked (search); text, never HTML. */
function MarkedTitle({ parts }: { parts: TextPart[] }) {
  return parts.map((part, i) =>
    // biome-ignore lint/suspicious/noArrayIndexKey: parts never move
    part.hit ? <mark key={i}>{part.text}</mark> : part.text,
  );
}

/** What a list's card takes as an island: data only. */
export interface LinkCardProps {
  card: RelatedCard;
  /** the title in parts, the keyword marked (search) */
  parts?: TextPart[];
  level?: 2 | 3;
}

/** An h5 or link card's link as an island (decision 060): the link popup opens on the first tap. */
export function LinkCard({ card, parts, level }: LinkCardProps) {
  return <PopupLink card={card} level={level} title={parts ? <MarkedTitle parts={parts} /> : undefined} />;
}

/**
 * A card of a list (R-UI-LISTS), from data only: server HTML, but an h5 or link card, which opens
 * the link popup, holds an island woken by the tap (without JavaScript, or before it wakes, a link
 * to its page), inside its `<li>` (a list holds only items). Inside an island a list draws
 * `ContentCard` itself (islands do not nest).
 */
export function ListCard({ card, parts, level }: LinkCardProps) {
  if (card.opensPopup)
    return (
      <li className="card" data-tid={card.id}>
        {/* absent parts and level are left out of the props' JSON */}
        <Island name="link-card" wake="interaction" component={LinkCard} props={{ card, parts, level }} />
      </li>
    );
  return <ContentCard card={card} level={level} title={parts ? <MarkedTitle parts={parts} /> : undefined} />;
}
