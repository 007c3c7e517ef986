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
