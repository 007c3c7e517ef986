import { Link } from "react-router";
import { useT } from "../lib/i18n/context.tsx";
import type { RelatedCard } from "../model/article.ts";
import { highlightParts } from "../model/search.ts";

/** A title, with the search keyword marked when there is one; always rendered as text. */
function Title({ text, keyword }: { text: string; keyword?: string }) {
  if (!keyword) return <>{text}</>;
  return (
    <>
      {highlightParts(text, keyword).map((part, i) =>
        part.hit ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts never move
          <mark key={i}>{part.text}</mark>
        ) : (
          part.text
        ),
      )}
    </>
  );
}

/** A list card: title and meta on the left, thumbnail on the right. */
export function ContentCard({ card, keyword }: { card: RelatedCard; keyword?: string }) {
  const t = useT();
  return (
    <li className="card">
      <Link to={card.href} className="card-link">
        <div className="card-body">
          <h3 className="card-title">
            <Title text={card.title} keyword={keyword} />
          </h3>
          <p className="card-meta">
            <span>{card.source}</span>
            <span suppressHydrationWarning>{card.time}</span>
            <span>{t("reads", { count: card.views })}</span>
          </p>
        </div>
        {card.thumb ? (
          <img className="card-thumb" src={card.thumb} alt="" loading="lazy" width={112} height={76} />
        ) : null}
      </Link>
    </li>
  );
}

/** A fly card: the cover across the card, the title under it (the fly-card list). */
export function FlyCard({ card }: { card: RelatedCard }) {
  const t = useT();
  return (
    <li className="fly-card">
      <Link to={card.href} className="fly-card-link">
        {card.thumb ? (
          <img className="fly-card-cover" src={card.thumb} alt="" loading="lazy" width={343} height={193} />
        ) : null}
        <div className="fly-card-body">
          <h3 className="fly-card-title">{card.title}</h3>
          <p className="card-meta">
            <span>{card.source}</span>
            <span suppressHydrationWarning>{card.time}</span>
            <span>{t("reads", { count: card.views })}</span>
          </p>
        </div>
      </Link>
    </li>
  );
}
