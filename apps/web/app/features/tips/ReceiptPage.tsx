import { ErrorCode } from "@davmu/contracts/error-codes";
import type { TipReceipt } from "@davmu/contracts/tips";
import { useEffect, useState } from "react";
import { useSession } from "../../lib/session.tsx";
import { ReceiptView } from "./ReceiptView.tsx";
import { keepReceipt } from "./receipts.ts";

/**
 * A tip's receipt as an island (decision 061): the status anyone holding the code sees, from the
 * server; in the browser the receipt is kept for the list of the visitor's tips, and the sender's own
 * answer adds the text, place and pictures once their session is restored.
 */
export function ReceiptPage(props: { tip: TipReceipt }) {
  const [tip, setTip] = useState<TipReceipt>(props.tip);
  const session = useSession();
  const userId = session.user?.user_id;
  const receipt = props.tip.receipt;

  useEffect(() => {
    keepReceipt(receipt);
  }, [receipt]);

  // the sender's own answer carries the text, place and pictures
  useEffect(() => {
    if (!userId) return;
    let live = true;
    session
      .api()
      .client.tipReceipt({ params: { receipt } })
      .then((answer) => {
        if (live && answer.code === ErrorCode.ok) setTip(answer.data);
      })
      .catch((error) => console.warn("receipt reload failed:", error));
    return () => {
      live = false;
    };
  }, [userId, session, receipt]);

  return <ReceiptView tip={tip} />;
}
