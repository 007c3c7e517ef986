import { siteBase } from "@davmu/contracts/site-path";
import { useEffect, useState } from "react";
import { formatRemaining, type PreviewInfo, staleReloadUrl } from "./preview.ts";

/** Positions of the watermark's repeated text, enough to cover a phone's screen. */
const watermarkSlots = Array.from({ length: 24 }, (_, i) => `w${i}`);

/**
 * In a preview page, in place of the header (R-UI-PREVIEWBAR): the countdown to the link's expiry
 * (expired_at − now) and a watermark over the page. The page reloads itself with `_` = now when its
 * `_` is missing or older than 30 s (R-ROUTE-6: a page restored from history is not trusted), and
 * once the link has expired, so the visitor sees the expired page rather than stale content.
 */
export function PreviewBar({ preview }: { preview: PreviewInfo }) {
  const [now, setNow] = useState<number | null>(null);
  useEffect(() => {
    const fresh = staleReloadUrl(window.location.href, Date.now());
    if (fresh) {
      window.location.replace(fresh);
      return;
    }
    setNow(Date.now());
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= preview.expiresAt) {
        clearInterval(timer);
        window.location.reload();
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [preview.expiresAt]);
  const remaining = preview.expiresAt - (now ?? preview.expiresAt);
  return (
    <>
      {/* its own stylesheet (public/preview.css): ordinary pages carry none of it */}
      <link rel="stylesheet" href={`${siteBase}preview.css`} />
      <div className="preview-bar" role="status">
        <span className="preview-bar-tag">预览</span>
        <span className="preview-bar-text">内容尚未发布，仅供 {preview.editor} 审阅</span>
        <span className="preview-bar-time">
          {now === null ? "--:--" : formatRemaining(remaining)}
          <span className="preview-bar-unit">后失效</span>
        </span>
      </div>
      <div className="preview-watermark" aria-hidden="true">
        {watermarkSlots.map((slot) => (
          <span key={slot}>预览 · {preview.editor}</span>
        ))}
      </div>
    </>
  );
}
