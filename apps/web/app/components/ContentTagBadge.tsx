import type { ContentTag, TagIcon } from "../model/content-tag.ts";

function TagGlyph({ icon }: { icon: TagIcon }) {
  switch (icon) {
    case "play":
      return <path d="M4 2.5v7l6-3.5z" fill="currentColor" />;
    case "audio":
      return <path d="M3 4.5h2l3-2.5v8L5 7.5H3z M9.5 4a3 3 0 0 1 0 4" stroke="currentColor" fill="none" />;
    case "live":
      return <circle cx="6" cy="6" r="3" fill="currentColor" />;
    case "image":
      return <path d="M2 3h8v6H2z M3 8l2-2.5 1.5 1.5 1-1L9 8" stroke="currentColor" fill="none" />;
    case "album":
      return <path d="M2.5 3h7v6h-7z M4 1.5h4" stroke="currentColor" fill="none" />;
    case "link":
      return (
        <path
          d="M5 7l2-2 M4.5 5.5l-1 1a1.4 1.4 0 0 0 2 2l1-1 M7.5 6.5l1-1a1.4 1.4 0 0 0-2-2l-1 1"
          stroke="currentColor"
          fill="none"
        />
      );
    case "mini":
      return <path d="M3 6a3 3 0 1 0 6 0a3 3 0 1 0 -6 0 M6 3.5v5" stroke="currentColor" fill="none" />;
    default:
      return <path d="M4 2l-1 8 M8 2l-1 8 M2 4.5h8 M2 7.5h8" stroke="currentColor" fill="none" />;
  }
}

/** The content type tag of a card (R-UI-TAG): a small icon and its label. */
export function ContentTagBadge({ tag, onThumb = false }: { tag: ContentTag; onThumb?: boolean }) {
  return (
    <span className={onThumb ? "type-tag on-thumb" : "type-tag"} data-testid="type-tag">
      <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
        <TagGlyph icon={tag.icon} />
      </svg>
      {tag.label}
    </span>
  );
}
