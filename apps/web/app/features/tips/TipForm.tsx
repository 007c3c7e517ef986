import { useState } from "react";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import type { FormLimits } from "./limits.server.ts";
import { PicturePicker } from "./PicturePicker.tsx";
import type { PickedPicture } from "./pictures.ts";
import { keepReceipt } from "./receipts.ts";
import { sendTip } from "./upload.ts";

const length = (value: string) => Array.from(value).length;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** What is wrong with the draft before it is sent, in the API's own words; null when it may go. */
function problemOf(limits: FormLimits, text: string, place: string, contact: string, pictures: PickedPicture[]) {
  const n = length(text.trim());
  if (n < limits.textMin) return `请描述事情经过，至少 ${limits.textMin} 个字`;
  if (n > limits.textMax) return `爆料内容不能超过 ${limits.textMax} 个字`;
  if (length(place.trim()) > limits.placeMax) return `地点不能超过 ${limits.placeMax} 个字`;
  if (length(contact.trim()) > limits.contactMax) return `联系方式不能超过 ${limits.contactMax} 个字`;
  const big = pictures.findIndex((p) => p.blob.size > limits.pictureBytes);
  if (big >= 0) return `第 ${big + 1} 张图片超过 ${mb(limits.pictureBytes)} MB，请换一张`;
  const total = pictures.reduce((sum, p) => sum + p.blob.size, 0);
  if (total > limits.requestBytes) return `图片总大小不能超过 ${mb(limits.requestBytes)} MB，请减少图片`;
  return null;
}

/** The button while sending: the upload's share, then the server's work on the pictures. */
function busyText(progress: number, withPictures: boolean): string {
  if (!withPictures) return "正在提交…";
  return progress < 1 ? `正在上传 ${Math.floor(progress * 100)}%` : "正在处理图片…";
}

/**
 * The tip form (R-TIP-1): what happened, where, how to reach the sender, up to nine pictures. A
 * visitor who is not logged in is asked to log in when sending; a sent tip's receipt is kept in the
 * browser and its page opened. On the tip page it is an island (decision 061).
 */
export function TipForm(props: {
  limits: FormLimits;
  publicApiBase: string;
  /** where a receipt's page is, its code and `/index.html` to follow (the site's base included) */
  receiptPath: string;
}) {
  const { limits, publicApiBase, receiptPath } = props;
  const session = useSession();
  const [text, setText] = useState("");
  const [place, setPlace] = useState("");
  const [contact, setContact] = useState("");
  const [pictures, setPictures] = useState<PickedPicture[]>([]);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState(0);

  async function submit() {
    const problem = problemOf(limits, text, place, contact, pictures);
    if (problem) {
      toast(problem);
      return;
    }
    if (!session.requireLogin()) return;
    setBusy(true);
    setProgress(0);
    try {
      const answer = await sendTip(
        publicApiBase,
        session.api().values,
        {
          text: text.trim(),
          place: place.trim(),
          contact: contact.trim(),
          pictures: pictures.map((p) => p.blob),
        },
        setProgress,
      );
      if (answer.code === 0 && answer.data) {
        keepReceipt(answer.data.receipt);
        toast("爆料已提交，感谢您的线索");
        window.location.assign(`${receiptPath}${answer.data.receipt}/index.html`);
        return;
      }
      toast(answer.msg || "提交失败，请稍后再试");
    } catch (error) {
      console.warn("tip not sent:", error);
      toast("网络异常，请稍后再试");
    }
    setBusy(false);
  }

  return (
    <form
      className="tip-form"
      aria-label="爆料"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy) submit().catch(() => setBusy(false));
      }}
    >
      <div className="tip-field">
        <label htmlFor="tip-text" className="tip-label">
          事情经过<span className="tip-required">必填</span>
        </label>
        <textarea
          id="tip-text"
          className="tip-textarea"
          value={text}
          rows={6}
          maxLength={limits.textMax}
          placeholder="请描述时间、地点、经过，越具体越便于记者核实"
          disabled={busy}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <span className="tip-count" aria-live="polite">
          {length(text)}/{limits.textMax}
        </span>
      </div>
      <div className="tip-field">
        <span className="tip-label" id="tip-pictures-label">
          现场图片<span className="tip-optional">选填，最多 {limits.pictures} 张</span>
        </span>
        <PicturePicker
          pictures={pictures}
          max={limits.pictures}
          disabled={busy}
          onAdd={(added) => setPictures((current) => current.concat(added).slice(0, limits.pictures))}
          onRemove={(index) => setPictures((current) => current.filter((_, i) => i !== index))}
        />
      </div>
      <div className="tip-field tip-row">
        <label htmlFor="tip-place" className="tip-label">
          发生地点
        </label>
        <input
          id="tip-place"
          className="tip-input"
          value={place}
          maxLength={limits.placeMax}
          placeholder="选填，如：滨江大道与江澜路口"
          disabled={busy}
          onChange={(event) => setPlace(event.currentTarget.value)}
        />
      </div>
      <div className="tip-field tip-row">
        <label htmlFor="tip-contact" className="tip-label">
          联系方式
        </label>
        <input
          id="tip-contact"
          className="tip-input"
          value={contact}
          maxLength={limits.contactMax}
          placeholder="选填，仅编辑可见"
          disabled={busy}
          onChange={(event) => setContact(event.currentTarget.value)}
        />
      </div>
      <p className="tip-note">
        图片上传后会自动去除拍摄位置等隐私信息；每人每小时最多提交 {limits.perUserPerHour} 条爆料。
      </p>
      <div className="tip-action">
        <button type="submit" className="primary-button tip-submit" disabled={busy}>
          {busy ? busyText(progress, pictures.length > 0) : session.user ? "提交爆料" : "登录后提交爆料"}
        </button>
      </div>
    </form>
  );
}
