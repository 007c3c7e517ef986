import { useEffect, useRef, useState } from "react";
import { DetailShell } from "../components/DetailShell.tsx";
import { pageCacheHeaders } from "../lib/cache-headers.ts";
import { detailLoader } from "../lib/detail-page.server.ts";
import { useContentT } from "../lib/i18n/content.ts";
import { detailPageMeta, viewHead } from "../lib/share-meta.ts";
import { toArticleView } from "../model/article.ts";
import type { PageHandle } from "../page-styles.ts";
import type { Route } from "./+types/gallery";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["gallery"] };

export const loader = (args: Route.LoaderArgs) =>
  detailLoader(args, {
    accepts: ["image"],
    // a comment footer but no lists below
    lists: "comments",
    view: (item, { now, lang }) => ({
      view: toArticleView(item, now, lang),
      images: item.media.images ?? [],
      picNum: item.pic_num,
    }),
  });

export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = detailPageMeta<typeof loader>(viewHead);

/**
 * Gallery: pictures side by side in a scroll-snapping strip (a swipe moves one picture, no script
 * needed), the page indicator (current / pic_num) and the caption of the picture in view.
 */
export default function Gallery({ loaderData }: Route.ComponentProps) {
  const { view, images, picNum, env, comments } = loaderData;
  const t = useContentT();
  const total = picNum || images.length;
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(0);

  useEffect(() => {
    const el = strip.current;
    if (!el) return;
    const onScroll = () => {
      const next = Math.round(el.scrollLeft / Math.max(el.clientWidth, 1));
      setIndex(Math.min(Math.max(next, 0), images.length - 1));
    };
    el.addEventListener("scroll", onScroll, { passive: true });
    return () => el.removeEventListener("scroll", onScroll);
  }, [images.length]);

  function go(to: number) {
    const el = strip.current;
    if (el) el.scrollTo({ left: to * el.clientWidth, behavior: "smooth" });
  }

  const caption = images[index]?.caption ?? "";
  return (
    <DetailShell
      item={{
        post_id: view.id,
        content_type: "image",
        track_id: view.trackId,
        like_count: view.likes,
        collect_count: view.collects,
        mp: view.mp ? { ...view.mp } : null,
      }}
      commentsOpen={view.commentsOpen}
      env={env}
      comments={comments}
      className="gallery-page"
    >
      <h1 className="gallery-title">{view.title}</h1>
      <section className="gallery" aria-roledescription={t("gallery")} aria-label={view.title}>
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
                alt={image.caption || t("galleryAlt", { title: view.title, n: i + 1 })}
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
      <p className="gallery-source">
        {view.source} · <time dateTime={view.publishedAt}>{view.publishedLabel}</time>
      </p>
      {view.summary ? <p className="gallery-lead">{view.summary}</p> : null}
    </DetailShell>
  );
}
