import { type TouchEvent, useRef, useState } from "react";
import { useDialog } from "../../lib/dialog.ts";
import { stepIndex } from "./model.ts";

export interface ViewerPicture {
  url: string;
  width: number;
  height: number;
}

/**
 * The picture viewer (a lazy chunk of its own): a picture over the whole screen, swiped or stepped
 * with its buttons and the arrow keys, closed with 关闭, Escape or a tap beside the picture.
 */
export function PictureViewer(props: { pictures: ViewerPicture[]; start: number; onClose: () => void }) {
  const { pictures, onClose } = props;
  const [index, setIndex] = useState(props.start);
  const root = useRef<HTMLDivElement>(null);
  const touchX = useRef<number | null>(null);
  useDialog(root, onClose);
  const count = pictures.length;
  const picture = pictures[index];
  const step = (by: number) => setIndex((i) => stepIndex(i, by, count));
  if (!picture) return null;

  return (
    <div
      ref={root}
      className="pv"
      role="dialog"
      aria-modal="true"
      aria-label={`查看图片，第 ${index + 1} 张，共 ${count} 张`}
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key === "ArrowLeft") step(-1);
        if (event.key === "ArrowRight") step(1);
      }}
      onTouchStart={(event: TouchEvent) => {
        touchX.current = event.touches[0]?.clientX ?? null;
      }}
      onTouchEnd={(event: TouchEvent) => {
        const start = touchX.current;
        const end = event.changedTouches[0]?.clientX;
        touchX.current = null;
        if (start === null || end === undefined || Math.abs(end - start) < 40) return;
        step(end < start ? 1 : -1);
      }}
    >
      <button type="button" className="pv-backdrop" aria-label="关闭图片" tabIndex={-1} onClick={onClose} />
      <img
        className="pv-image"
        src={picture.url}
        alt={`第 ${index + 1} 张图片`}
        width={picture.width}
        height={picture.height}
      />
      <p className="pv-count" aria-hidden="true">
        {index + 1} / {count}
      </p>
      <button type="button" className="pv-close" onClick={onClose}>
        关闭
      </button>
      {count > 1 ? (
        <>
          <button type="button" className="pv-step pv-prev" aria-label="上一张" onClick={() => step(-1)}>
            ‹
          </button>
          <button type="button" className="pv-step pv-next" aria-label="下一张" onClick={() => step(1)}>
            ›
          </button>
        </>
      ) : null}
    </div>
  );
}
