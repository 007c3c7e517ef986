import type { TipStatus } from "@davmu/contracts/tips";
import { useEffect, useState } from "react";
import { Link } from "../../lib/nav.tsx";
import { useSession } from "../../lib/session.tsx";
import { type KeptReceipt, keptReceipts, spacedReceipt, statusText } from "./receipts.ts";

interface Row extends KeptReceipt {
  status: TipStatus | null;
}

/**
 * 我的爆料: the receipts this browser kept, newest first, each with its status as the API answers
 * it now; the visitor never types a code. Nothing is drawn until the browser has read its list.
 */
export function ReceiptList(props: { except?: string }) {
  const session = useSession();
  const [rows, setRows] = useState<Row[] | null>(null);

  useEffect(() => {
    let live = true;
    const kept = keptReceipts().filter((item) => item.receipt !== props.except);
    setRows(kept.map((item) => ({ ...item, status: null })));
    kept.slice(0, 10).forEach((item, index) => {
      session
        .api()
        .client.tipReceipt({ params: { receipt: item.receipt } })
        .then((answer) => {
          if (!live || answer.code !== 0) return;
          setRows((current) =>
            current ? current.map((row, i) => (i === index ? { ...row, status: answer.data.status } : row)) : current,
          );
        })
        .catch((error) => console.warn("receipt status not loaded:", error));
    });
    return () => {
      live = false;
    };
  }, [session, props.except]);

  if (!rows || rows.length === 0) return null;
  return (
    <section className="tip-receipts" aria-labelledby="tip-receipts-title">
      <h2 id="tip-receipts-title" className="tip-section-title">
        我的爆料
      </h2>
      <ul>
        {rows.map((row) => (
          <li key={row.receipt}>
            <Link to={`/dejin/tip/${row.receipt}/index.html`} className="tip-receipt-row">
              <span className="tip-receipt-code">{spacedReceipt(row.receipt)}</span>
              <span className="tip-receipt-date">{new Date(row.at).toLocaleDateString("zh-CN")}</span>
              <span className={`tip-status is-${row.status ?? "loading"}`}>
                {row.status ? statusText[row.status] : "查询中"}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
