import { useEffect, useId, useRef } from "react";
import { toast } from "../../lib/toast.ts";
import { inWeChatBrowser } from "../open-app/wechat.ts";
import { type PickedPicture, pictureFromFile } from "./pictures.ts";

type WechatPicker = typeof import("./wechat-picker.ts");

/**
 * The tip's pictures: thumbnails with a remove button each, and a tile that adds more, up to `max`.
 * Inside WeChat, once its JS-SDK is ready, the tile opens WeChat's own picker (album or camera);
 * elsewhere, or while the SDK is not ready, it is the label of a file input.
 */
export function PicturePicker(props: {
  pictures: PickedPicture[];
  max: number;
  disabled: boolean;
  onAdd(pictures: PickedPicture[]): void;
  onRemove(index: number): void;
}) {
  const { pictures, max, disabled, onAdd, onRemove } = props;
  const inputId = useId();
  const wechat = useRef<WechatPicker | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const left = max - pictures.length;

  // inside WeChat only, the picker's module is fetched ahead of the first tap
  useEffect(() => {
    if (!inWeChatBrowser(navigator.userAgent)) return;
    import("./wechat-picker.ts")
      .then((module) => {
        wechat.current = module;
      })
      .catch((error) => console.warn("WeChat picker not loaded:", error));
  }, []);

  async function addFiles(files: Blob[]) {
    if (files.length > left) toast(`最多上传 ${max} 张图片`);
    const picked: PickedPicture[] = [];
    for (const file of files.slice(0, left)) picked.push(await pictureFromFile(file));
    if (picked.length) onAdd(picked);
  }

  function takeFiles(input: HTMLInputElement) {
    const files = Array.prototype.slice.call(input.files ?? []) as Blob[];
    input.value = "";
    if (files.length) addFiles(files).catch(() => toast("读取图片失败，请换一张"));
  }

  // pictures chosen before the form hydrated (an island, decision 061): taken as if chosen now
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    if (fileInput.current) takeFiles(fileInput.current);
  }, []);

  function chooseInWechat(event: { preventDefault(): void }) {
    const picker = wechat.current;
    if (!picker?.wechatPickerReady()) return; // the file input opens as usual
    event.preventDefault();
    picker
      .chooseWithWechat(left)
      .then((picked) => {
        if (picked?.length) onAdd(picked);
      })
      .catch((error) => {
        console.warn("WeChat picker failed:", error);
        toast("选择图片失败，请重试");
      });
  }

  return (
    <div className="tip-pictures">
      <ul className="tip-thumbs">
        {pictures.map((picture, index) => (
          // pictures have no identity of their own besides their place in the list
          // biome-ignore lint/suspicious/noArrayIndexKey: the list only grows at its end or loses an item
          <li key={index} className="tip-thumb">
            {picture.preview ? (
              <img src={picture.preview} alt={`第 ${index + 1} 张图片`} />
            ) : (
              <span className="tip-thumb-blank">图片 {index + 1}</span>
            )}
            <button
              type="button"
              className="tip-thumb-remove"
              aria-label={`删除第 ${index + 1} 张图片`}
              disabled={disabled}
              onClick={() => onRemove(index)}
            >
              ×
            </button>
          </li>
        ))}
        {left > 0 ? (
          <li className="tip-thumb">
            <label htmlFor={inputId} className="tip-add">
              <span className="tip-add-plus" aria-hidden="true">
                +
              </span>
              <span>
                添加图片 {pictures.length}/{max}
              </span>
            </label>
            <input
              ref={fileInput}
              id={inputId}
              className="tip-file"
              type="file"
              accept="image/*"
              multiple
              disabled={disabled}
              onClick={chooseInWechat}
              onChange={(event) => takeFiles(event.currentTarget)}
            />
          </li>
        ) : null}
      </ul>
    </div>
  );
}
