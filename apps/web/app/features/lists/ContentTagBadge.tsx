import type { ContentTag } from "../../model/content-tag.ts";

/** The content type tag of a card (R-UI-TAG): its label, on the thumbnail or before the byline. */
export function ContentTagBadge({ tag, onThumb = false }: { tag: ContentTag; onThumb?: boolean }) {
  return (
    <span className={onThumb ? "type-tag on-thumb" : "type-tag"} data-testid="type-tag">
      {tag.label}
    </span>
  );
}
