import type { CirclePicture } from "@davmu/contracts/circles";
import { type ComponentType, useState } from "react";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { toast } from "../../lib/toast.ts";
import { pictureLayout, singlePictureRatio } from "./model.ts";
import type { ViewerPicture } from "./PictureViewer.tsx";

type ViewerProps = ComponentType<{ pictures: ViewerPicture[]; start: number; onClose: () => void }>;

// the viewer is fetched when a picture is first tapped, not with the page
const loadViewer = lazyComponent(() => import("./PictureViewer.tsx").then((m) => m.PictureViewer));

/** A post's pictures: one large, a pair or a grid of squares; a tap opens the viewer at that picture. */
export function PictureGrid(props: { pictures: CirclePicture[]; label: string; eager?: boolean }) {
  const { pictures } = props;
  const [open, setOpen] = useState<{ View: ViewerProps; start: number } | null>(null);
  if (pictures.length === 0) return null;
  const layout = pictureLayout(pictures.length);
  const first = pictures[0] as CirclePicture;

  function show(start: number) {
    loadViewer()
      .then((View) => setOpen({ View, start }))
      .catch((error) => {
        console.warn("picture viewer failed to load:", error);
        toast("图片加载失败，请稍后再试");
      });
  }

  return (
    <>
      <ul className={`pg pg-${layout}`} aria-label={props.label}>
        {pictures.map((picture, i) => (
          <li
            key={picture.url}
            className="pg-item"
            style={
              layout === "single"
                ? { paddingTop: `${(singlePictureRatio(first.width, first.height) * 100).toFixed(2)}%` }
                : undefined
            }
          >
            <button type="button" className="pg-open" aria-label={`查看第 ${i + 1} 张图片`} onClick={() => show(i)}>
              <img
                src={picture.url}
                alt=""
                width={picture.width}
                height={picture.height}
                loading={props.eager && i < 3 ? "eager" : "lazy"}
                decoding="async"
              />
            </button>
          </li>
        ))}
      </ul>
      {open ? <open.View pictures={pictures} start={open.start} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
