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

/** Prints the results table and whether every budget was met; answers the table and the exit code (1: a budget failed). */
export function printResults(results: Result[]): { output: string; exitCode: number } {
  const output = table(results);
  console.log(output);
  const failed = results.filter((r) => r.ok === false).length;
  console.log(failed ? `\n${failed} budget(s) failed` : "\nevery budget met");
  return { output, exitCode: failed ? 1 : 0 };
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

/**
 * The median of `xs` with a distribution-free interval: the k-th smallest and k-th largest values,
 * k the largest for which each tail holds at most (1 − confidence) / 2 of Binomial(n, ½) (a sign test's
 * interval; no assumption on the shape of the spread). `coverage` is the interval's own, exactly
 * (≥ confidence where n allows; for n < 5 at 90%, the whole range and less). For TBT beside its floor:
 * audits on a shared machine spread by hundreds of milliseconds, and a median of a few says little
 * about a budget of 30 ms unless its interval does.
 */
export function medianInterval(
  xs: number[],
  confidence = 0.9,
): { median: number; low: number; high: number; coverage: number } {
  if (!xs.length) throw new Error("medianInterval: no values");
  const sorted = [...xs].sort((a, b) => a - b);
  const n = sorted.length;
  // P(X ≤ j) for X ~ Binomial(n, ½)
  const below = (j: number) => {
    let sum = 0;
    let term = 0.5 ** n;
    for (let i = 0; i <= j; i++) {
      sum += term;
      term = (term * (n - i)) / (i + 1);
    }
    return sum;
  };
  let k = 1;
  while (k < Math.floor((n + 1) / 2) && below(k) <= (1 - confidence) / 2) k++;
  return {
    median: median(sorted),
    low: sorted[k - 1] as number,
    high: sorted[n - k] as number,
    coverage: 1 - 2 * below(k - 1),
  };
}
