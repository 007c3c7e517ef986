import type { TipReceipt } from "@davmu/contracts/tips";
import { Link } from "../../lib/nav.tsx";
import { toast } from "../../lib/toast.ts";
import { formatDateTime } from "../../model/format.ts";
import { spacedReceipt, statusText } from "./receipts.ts";

/** Copies text where the Clipboard API is missing too (WeChat's older browsers). */
function copy(text: string): void {
  const done = () => toast("回执码已复制");
  if (navigator.clipboard?.writeText) {
    navigator.clipboard.writeText(text).then(done, () => toast(`回执码：${text}`));
    return;
  }
  const area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  const ok = document.execCommand("copy");
  document.body.removeChild(area);
  if (ok) done();
  else toast(`回执码：${text}`);
}

const steps = [
  { key: "received", title: "已提交" },
  { key: "accepted", title: "编辑采纳" },
  { key: "published", title: "发布线索" },
] as const;

/** How far a tip got: 0 sent, 1 accepted, 2 published; a rejected tip stops after the first step. */
function reached(status: TipReceipt["status"]): number {
  return status === "published" ? 2 : status === "accepted" ? 1 : 0;
}

/** A tip's receipt (R-TIP-1): its code, where it stands, why it was not taken, and what it became. */
export function ReceiptView(props: { tip: TipReceipt }) {
  const { tip } = props;
  const step = reached(tip.status);
  return (
    <>
      <section className="tip-card tip-receipt" aria-labelledby="tip-receipt-title">
        <h1 id="tip-receipt-title" className="tip-receipt-heading">
          爆料回执
        </h1>
        <p className="tip-receipt-big">
          <span className="tip-receipt-label">回执码</span>
          <strong className="tip-receipt-value">{spacedReceipt(tip.receipt)}</strong>
          <button type="button" className="tip-copy" onClick={() => copy(tip.receipt)}>
            复制
          </button>
        </p>
        <p className={`tip-status-line is-${tip.status}`}>{statusText[tip.status]}</p>
        <ol className="tip-steps">
          {steps.map((item, index) => {
            const rejectedHere = tip.status === "rejected" && index === 1;
            const done = !rejectedHere && index <= step;
            return (
              <li key={item.key} className={`tip-step${done ? " is-done" : ""}${rejectedHere ? " is-rejected" : ""}`}>
                <span className="tip-step-dot" aria-hidden="true" />
                <span className="tip-step-title">{rejectedHere ? "未采纳" : item.title}</span>
                {index === 0 ? <span className="tip-step-time">{formatDateTime(tip.created_at)}</span> : null}
                {index > 0 && index === step && !rejectedHere ? (
                  <span className="tip-step-time">{formatDateTime(tip.updated_at)}</span>
                ) : null}
              </li>
            );
          })}
        </ol>
        {tip.status === "rejected" && tip.reason ? (
          <p className="tip-reason">
            <span>未采纳原因：</span>
            {tip.reason}
          </p>
        ) : null}
        {tip.clue_report ? (
          <a className="tip-published-link" href={tip.clue_report.url}>
            查看线索报道
          </a>
        ) : null}
      </section>
      {tip.mine ? (
        <section className="tip-card" aria-labelledby="tip-content-title">
          <h2 id="tip-content-title" className="tip-section-title">
            爆料内容
          </h2>
          <p className="tip-content-text">{tip.text}</p>
          {tip.place ? <p className="tip-content-place">地点：{tip.place}</p> : null}
          {tip.pictures.length ? (
            <ul className="tip-content-pictures">
              {tip.pictures.map((picture, index) => (
                <li key={picture.url}>
                  <img
                    src={picture.url}
                    alt={`爆料图片 ${index + 1}`}
                    width={picture.width}
                    height={picture.height}
                    loading="lazy"
                  />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ) : (
        <p className="tip-private-note">爆料内容仅提交者本人登录后可见</p>
      )}
      <p className="tip-more">
        <Link to="/dejin/tip/index.html" className="tip-more-link">
          继续爆料
        </Link>
      </p>
    </>
  );
}
