import { useLayoutEffect, useRef, useState } from "react";
import { useContentT } from "../../lib/i18n/content.ts";

export interface GalleryImage {
  url: string;
  caption: string;
  width: number;
  height: number;
}

/**
 * The gallery's pictures side by side in a scroll-snapping strip (a swipe moves one picture, no script
 * needed), the page indicator (current / total) with ‹ ›, and the caption of the picture in view.
 *
 * An island woken by a touch, a click or the keyboard's focus inside it (decision 059), not as it comes
 * into view: the strip swipes without script, and waking on sight would load React before any tap.
 * A swipe's touch wakes it; the picture in view may have changed meanwhile, so once hydrated the
 * indicator and caption are set from the strip's position, then follow its scrolling.
 */
export function GalleryStrip(props: { title: string; images: GalleryImage[]; total: number }) {
  const { title, images, total } = props;
  const t = useContentT();
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  useLayoutEffect(() => {
    const el = strip.current;
    if (!el) return;
    const onScroll = () => {
      const next = Math.round(el.scrollLeft / Math.max(el.clientWidth, 1));
      setIndex(Math.min(Math.max(next, 0), images.length - 1));
    };
    // where the strip is now: it may have been swiped before this ran
    onScroll();
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, [images.length]);

  function go(to: number) {
    const el = strip.current;
    if (el) el.scrollTo({ left: to * el.clientWidth, behavior: "smooth" });
  }

  const caption = images[index]?.caption ?? "";
  return (
    <section className="gallery" aria-roledescription={t("gallery")} aria-label={title}>
      <div
        ref={strip}
        className="gallery-strip"
        data-testid="gallery-strip"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the strip scrolls sideways; keyboard users focus it to scroll with the arrow keys
        tabIndex={0}
      >
        {images.map((image, i) => (
          <figure
            key={image.url}
            className="gallery-slide"
            aria-roledescription={t("galleryImage")}
            aria-label={t("galleryPosition", { n: i + 1, total })}
          >
            <img
              src={image.url}
              alt={image.caption || t("galleryAlt", { title, n: i + 1 })}
              width={image.width || 750}
              height={image.height || 500}
              loading={i === 0 ? "eager" : "lazy"}
            />
          </figure>
        ))}
      </div>
      <div className="gallery-bar">
        <button
          type="button"
          className="gallery-nav"
          aria-label={t("previousImage")}
          disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          ‹
        </button>
        <span className="gallery-indicator" data-testid="gallery-indicator" aria-live="polite">
          <strong>{index + 1}</strong>/{total}
        </span>
        <button
          type="button"
          className="gallery-nav"
          aria-label={t("nextImage")}
          disabled={index >= images.length - 1}
          onClick={() => go(index + 1)}
        >
          ›
        </button>
      </div>
      <p className="gallery-caption" data-testid="gallery-caption">
        {caption}
      </p>
    </section>
  );
}
