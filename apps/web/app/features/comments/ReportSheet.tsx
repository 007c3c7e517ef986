import type { ReportRequest } from "@davmu/contracts/interaction";
import { Sheet } from "../../components/Sheet.tsx";
import { useAccountT } from "../../lib/i18n/account.ts";
import { reportReasons } from "../../model/comments.ts";
import type { MessageKey } from "../../model/i18n/messages.ts";

export interface ReportSheetProps {
  alias: string;
  onClose(): void;
  onPick(reason: ReportRequest["reason"]): void;
}

/** Why a comment is reported: one tap on a reason sends the report. */
const reasonKeys: Record<ReportRequest["reason"], MessageKey> = {
  spam: "reasonSpam",
  abuse: "reasonAbuse",
  porn: "reasonPorn",
  illegal: "reasonIllegal",
  other: "reasonOther",
};

export function ReportSheet({ alias, onClose, onPick }: ReportSheetProps) {
  const t = useAccountT();
  return (
    <Sheet labelledBy="report-title" className="report" testId="report-sheet" onClose={onClose}>
      <h2 id="report-title" className="sheet-title">
        {t("report", { alias })}
      </h2>
      <p className="sheet-sub">{t("reportReason")}</p>
      <div className="sheet-actions">
        {reportReasons.map((reason) => (
          <button key={reason.value} type="button" className="sheet-action" onClick={() => onPick(reason.value)}>
            {t(reasonKeys[reason.value])}
          </button>
        ))}
        <button type="button" className="sheet-action sheet-cancel" onClick={onClose}>
          {t("cancel")}
        </button>
      </div>
    </Sheet>
  );
}
