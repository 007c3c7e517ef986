import type { FormField } from "@davmu/contracts/form-rules";
import { csvField } from "../../lib/csv.ts";
import type { StoredSubmission } from "./repository.ts";

/** Excel reads a CSV as UTF-8 (Chinese intact) only when it starts with the byte-order mark. */
const bom = "\uFEFF";

/** A time as Beijing time reads it, YYYY-MM-DD HH:mm:ss. */
function beijingTime(ms: number): string {
  return new Date(ms + 8 * 60 * 60 * 1000).toISOString().slice(0, 19).replace("T", " ");
}

/**
 * Every answer of a form as CSV: submission number, time (Beijing), reader, then one column per field
 * headed by its label; several choices joined by 、 and a picture by its full address.
 */
export function submissionsCsv(
  fields: readonly FormField[],
  rows: readonly StoredSubmission[],
  publicOrigin: string,
  encodeUser: (id: number) => string,
): string {
  const header = ["序号", "提交时间", "用户", ...fields.map((field) => field.label)];
  const lines = rows.map((row) => {
    const cells = fields.map((field) => {
      const value = row.answers[field.key];
      if (value === undefined) return "";
      if (Array.isArray(value)) return value.join("、");
      return field.type === "picture" && value.startsWith("/") ? publicOrigin + value : value;
    });
    const user = row.user_id === null ? "匿名" : encodeUser(row.user_id);
    return [row.id, beijingTime(row.created_at), user, ...cells].map(csvField).join(",");
  });
  return `${bom}${[header.map(csvField).join(","), ...lines].join("\r\n")}\r\n`;
}
