import { useRef } from "react";
import { CloseIcon } from "../../components/icons.tsx";
import { useDialog } from "../../lib/dialog.ts";
import { useContentT } from "../../lib/i18n/content.ts";

/** Whether the link popup may frame an address: same-origin pages and the configured origins only. */
export function isFrameable(src: string, pageOrigin: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(src, pageOrigin);
  } catch {
    return false;
  }
  if (url.protocol !== "https:" && url.origin !== pageOrigin) return false;
  return url.origin === pageOrigin || allowed.includes(url.origin.toLowerCase());
}

/**
 * The popup of an h5 or link item (R-UI-POPUP): its title and its page in a 280×500 frame. Pages
 * of other origins open in a new tab instead, unless their origin is configured for framing.
 */
export interface LinkPopupProps {
  title: string;
  src: string;
  /** origins besides the page's own that may be framed */
  allowed: readonly string[];
  onClose(): void;
}

export function LinkPopup(props: LinkPopupProps) {
  const t = useContentT();
  const ref = useRef<HTMLDivElement>(null);
  const frameable = isFrameable(props.src, window.location.origin, props.allowed);
  const closeRef = useRef<HTMLButtonElement>(null);
  useDialog(ref, props.onClose, closeRef);
  return (
    <div className="dialog-mask link-popup-mask" data-testid="link-popup">
      <div
        ref={ref}
        className="link-popup"
        role="dialog"
        aria-modal="true"
        aria-labelledby="link-popup-title"
        tabIndex={-1}
      >
        <div className="link-popup-head">
          <h2 id="link-popup-title" className="link-popup-title">
            {props.title}
          </h2>
          <button
            ref={closeRef}
            type="button"
            className="link-popup-close"
            aria-label={t("close")}
            onClick={props.onClose}
          >
            <CloseIcon />
          </button>
        </div>
        {frameable ? (
          <iframe className="link-popup-frame" src={props.src} title={props.title} width={280} height={500} />
        ) : (
          <p className="link-popup-out">
            {t("offsite")}
            <a href={props.src} target="_blank" rel="noopener noreferrer nofollow">
              {t("openInNewWindow")}
            </a>
          </p>
        )}
      </div>
    </div>
  );
}
