import { csvField } from "../../lib/csv.ts";
import type { AuditRow } from "./repository.ts";

const bom = "\uFEFF";

function beijingTime(ms: number): string {
  return new Date(Number(ms) + 8 * 60 * 60 * 1000).toISOString().slice(0, 19).replace("T", " ");
}

/** The audit trail as CSV (UTF-8 with BOM, so Excel opens Chinese), newest first, times in Beijing time. */
export function auditCsv(rows: readonly AuditRow[]): string {
  const header = ["序号", "时间", "编辑", "编辑ID", "IP", "浏览器", "操作", "对象", "修改前", "修改后"];
  const lines = rows.map((row) =>
    [
      row.id,
      beijingTime(row.at),
      row.editor_id === null ? "导入密钥" : (row.editor_name ?? ""),
      row.editor_id ?? "",
      row.ip,
      row.user_agent,
      row.action,
      row.target,
      row.before_json ?? "",
      row.after_json ?? "",
    ]
      .map((cell) => csvField(cell))
      .join(","),
  );
  return `${bom}${[header.map(csvField).join(","), ...lines].join("\r\n")}\r\n`;
}
