import { type ComponentType, useState } from "react";
import { Link } from "react-router";
import { networkErrorMessage } from "../lib/account.ts";
import { lazyComponent } from "../lib/lazy-component.ts";
import { useLinkFrameOrigins } from "../lib/link-frames.ts";
import { toast } from "../lib/toast.ts";
import type { RelatedCard } from "../model/article.ts";
import { ContentTagBadge } from "./ContentTagBadge.tsx";
import type { LinkPopupProps } from "./LinkPopup.tsx";

// the popup is fetched when an h5 card is first tapped, keeping it out of every page's first load
const loadLinkPopup = lazyComponent<LinkPopupProps>(() => import("./LinkPopup.tsx").then((m) => m.LinkPopup));

function CardInside({ card }: { card: RelatedCard }) {
  return (
    <>
      <div className="card-body">
        <h3 className="card-title">{card.title}</h3>
        <p className="card-meta">
          {card.tag && !card.thumb ? <ContentTagBadge tag={card.tag} /> : null}
          <span>{card.source}</span>
          <span suppressHydrationWarning>{card.time}</span>
          <span>{card.views}阅读</span>
        </p>
      </div>
      {card.thumb ? (
        <span className="card-thumb-box">
          <img className="card-thumb" src={card.thumb} alt="" loading="lazy" width={112} height={76} />
          {card.tag ? <ContentTagBadge tag={card.tag} onThumb /> : null}
          {card.duration ? <span className="card-duration">{card.duration}</span> : null}
          {card.picNum > 0 ? <span className="card-duration">{card.picNum}图</span> : null}
        </span>
      ) : null}
    </>
  );
}

/** An h5 or link card: opens the item's page in the link popup (R-UI-POPUP). */
function PopupCard({ card }: { card: RelatedCard }) {
  const [open, setOpen] = useState(false);
  const [Popup, setPopup] = useState<ComponentType<LinkPopupProps> | null>(null);
  const allowed = useLinkFrameOrigins();
  return (
    <li className="card">
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
            .catch(() => toast(networkErrorMessage));
        }}
      >
        <CardInside card={card} />
      </a>
      {open && Popup ? (
        <Popup title={card.title} src={card.href} allowed={allowed} onClose={() => setOpen(false)} />
      ) : null}
    </li>
  );
}

/** A list card: title and meta on the left, thumbnail with the type tag on the right. */
export function ContentCard({ card }: { card: RelatedCard }) {
  if (card.opensPopup) return <PopupCard card={card} />;
  return (
    <li className="card">
      <Link to={card.href} className="card-link">
        <CardInside card={card} />
      </Link>
    </li>
  );
}
