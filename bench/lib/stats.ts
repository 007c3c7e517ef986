import { readFileSync } from "node:fs";

export const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};

export const percentile = (xs: number[], p: number): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/** One line of the results table: a figure, its budget and whether it is met (null: no budget). */
export interface Result {
  part: string;
  measure: string;
  figure: string;
  budget: string;
  ok: boolean | null;
}

export function table(results: Result[]): string {
  const rows = results.map((r) => [r.part, r.measure, r.figure, r.budget, r.ok === null ? "" : r.ok ? "✓" : "✗"]);
  const head = ["part", "measure", "figure", "budget", "met"];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(" | ")} |`;
  return [line(head), `| ${widths.map((w) => "-".repeat(w)).join(" | ")} |`, ...rows.map(line)].join("\n");
}

/** CPU seconds a process has used so far (utime + stime of /proc/{pid}/stat, all its threads). */
export function processCpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // the fields after the command name, which is in parentheses and may hold spaces
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]);
  // USER_HZ: 100 on Linux on every architecture Node runs on
  return ticks / 100;
}
