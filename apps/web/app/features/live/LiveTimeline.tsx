import type { LocalLiveInfo } from "@davmu/contracts/content";
import { useContentT } from "../../lib/i18n/content.ts";

/** An image-text live's posts (data only: the room's island takes them in its props). */
export type TimelineImages = LocalLiveInfo["images"];

/** The posts of an image-text live, newest first. */
export function LiveTimeline({ images, titled }: { images: TimelineImages; titled: boolean }) {
  const t = useContentT();
  return (
    <section
      className="live-timeline"
      aria-labelledby={titled ? "live-timeline-title" : undefined}
      aria-label={titled ? undefined : t("liveTimeline")}
    >
      {titled ? (
        <h2 id="live-timeline-title" className="section-title">
          {t("liveTimeline")}
        </h2>
      ) : null}
      {images.length ? (
        <ol>
          {images.map((image) => (
            <li key={image.url + image.caption}>
              <p>{image.caption}</p>
              <img src={image.url} alt={image.caption} width={image.width} height={image.height} loading="lazy" />
            </li>
          ))}
        </ol>
      ) : (
        <p className="list-empty">{t("emptyContent")}</p>
      )}
    </section>
  );
}
