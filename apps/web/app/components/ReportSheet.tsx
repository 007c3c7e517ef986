import type { ReportRequest } from "@davmu/contracts/interaction";
import { reportReasons } from "../model/comments.ts";
import { Sheet } from "./Sheet.tsx";

export interface ReportSheetProps {
  alias: string;
  onClose(): void;
  onPick(reason: ReportRequest["reason"]): void;
}

/** Why a comment is reported: one tap on a reason sends the report. */
export function ReportSheet({ alias, onClose, onPick }: ReportSheetProps) {
  return (
    <Sheet labelledBy="report-title" className="report" testId="report-sheet" onClose={onClose}>
      <h2 id="report-title" className="sheet-title">
        举报 @{alias} 的评论
      </h2>
      <p className="sheet-sub">请选择举报原因</p>
      <div className="sheet-actions">
        {reportReasons.map((reason) => (
          <button key={reason.value} type="button" className="sheet-action" onClick={() => onPick(reason.value)}>
            {reason.label}
          </button>
        ))}
        <button type="button" className="sheet-action sheet-cancel" onClick={onClose}>
          取消
        </button>
      </div>
    </Sheet>
  );
}
