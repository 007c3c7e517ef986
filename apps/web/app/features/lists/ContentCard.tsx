import { type ComponentType, type ReactNode, useState } from "react";
import { useT } from "../../lib/i18n/context.tsx";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { useLinkFrameOrigins } from "../../lib/link-frames.ts";
import { Link } from "../../lib/nav.tsx";
import { toast } from "../../lib/toast.ts";
import type { RelatedCard } from "../../model/article.ts";
import { ContentTagBadge } from "./ContentTagBadge.tsx";
import type { LinkPopupProps } from "./LinkPopup.tsx";

// the popup is fetched when an h5 card is first tapped, keeping it out of every page's first load
const loadLinkPopup = lazyComponent<LinkPopupProps>(() => import("./LinkPopup.tsx").then((m) => m.LinkPopup));

/** What a card shows, and the heading level of its title under the page's own headings. */
export interface CardProps {
  card: RelatedCard;
  title?: ReactNode;
  /** 2 right under the page's h1 (list pages), 3 under a section's h2 (the default) */
  level?: 2 | 3;
  /**
   * The first card of the page's own list: a fly card's cover is then the largest thing painted
   * first, so it is fetched at once and first, never lazily.
   */
  lead?: boolean;
}

function CardInside({ card, title, level = 3 }: CardProps) {
  const t = useT();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <>
      <div className="card-body">
        <Heading className="card-title">{title ?? card.title}</Heading>
        <p className="card-meta">
          {card.tag && !card.thumb ? <ContentTagBadge tag={card.tag} /> : null}
          <span>{card.source}</span>
          <span suppressHydrationWarning>{card.time}</span>
          <span>{t("reads", { count: card.views })}</span>
        </p>
      </div>
      {card.thumb ? (
        <span className="card-thumb-box">
          <img className="card-thumb" src={card.thumb} alt="" loading="lazy" width={112} height={76} />
          {card.tag ? <ContentTagBadge tag={card.tag} onThumb /> : null}
          {card.duration ? <span className="card-duration">{card.duration}</span> : null}
          {card.picNum > 0 ? <span className="card-duration">{t("picCount", { count: card.picNum })}</span> : null}
        </span>
      ) : null}
    </>
  );
}

/**
 * What an h5 or link card holds: the link and the popup it opens (R-UI-POPUP). On an island page a list draws it
 * as an island of its own inside the card's `<li>` (`ListCard`, LinkCard.tsx, decision 060).
 */
export function PopupLink({ card, title, level }: CardProps) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const [Popup, setPopup] = useState<ComponentType<LinkPopupProps> | null>(null);
  const allowed = useLinkFrameOrigins();
  return (
    <>
      <a
        href={card.href}
        className="card-link"
        data-testid="link-card"
        onClick={(event) => {
          event.preventDefault();
          loadLinkPopup()
            .then((component) => {
              setPopup(() => component);
              setOpen(true);
            })
            .catch(() => toast(t("networkError")));
        }}
      >
        <CardInside card={card} title={title} level={level} />
      </a>
      {open && Popup ? (
        <Popup title={card.title} src={card.href} allowed={allowed} onClose={() => setOpen(false)} />
      ) : null}
    </>
  );
}

/**
 * A list card: title and meta on the left, thumbnail with the type tag on the right; an h5 or link
 * card opens its page in the link popup.
 */
export function ContentCard({ card, title, level }: CardProps) {
  return (
    <li className="card" data-tid={card.id}>
      {card.opensPopup ? (
        <PopupLink card={card} title={title} level={level} />
      ) : card.href ? (
        <Link to={card.href} className="card-link">
          <CardInside card={card} title={title} level={level} />
        </Link>
      ) : (
        // an item whose address no page may link to (model/article.ts) is shown, not linked
        <div className="card-link">
          <CardInside card={card} title={title} level={level} />
        </div>
      )}
    </li>
  );
}

/** A fly card: the cover across the card, the title under it (the fly-card list). */
export function FlyCard({ card, level = 3, lead = false }: CardProps) {
  const t = useT();
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <li className="fly-card" data-tid={card.id}>
      <Link to={card.href} className="fly-card-link">
        {card.thumb ? (
          <img
            className="fly-card-cover"
            src={card.thumb}
            alt=""
            width={343}
            height={193}
            {...(lead ? { fetchPriority: "high" } : { loading: "lazy" })}
          />
        ) : null}
        <div className="fly-card-body">
          <Heading className="fly-card-title">{card.title}</Heading>
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
