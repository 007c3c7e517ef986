import { Link } from "react-router";
import type { RelatedCard } from "../model/article.ts";

/** A list card: title and meta on the left, thumbnail on the right. */
export function ContentCard({ card }: { card: RelatedCard }) {
  return (
    <li className="card">
      <Link to={card.href} className="card-link">
        <div className="card-body">
          <h3 className="card-title">{card.title}</h3>
          <p className="card-meta">
            <span>{card.source}</span>
            <span suppressHydrationWarning>{card.time}</span>
            <span>{card.views}阅读</span>
          </p>
        </div>
        {card.thumb ? (
          <img className="card-thumb" src={card.thumb} alt="" loading="lazy" width={112} height={76} />
        ) : null}
      </Link>
    </li>
  );
}
