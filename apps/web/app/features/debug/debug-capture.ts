/** What the debug console (R-SITE-11) reads: console output, copied as text as it happens. */
export type Level = "log" | "info" | "warn" | "error";
export const levels: readonly Level[] = ["log", "info", "warn", "error"];

type ConsoleLike = Record<Level, (...args: unknown[]) => void>;

export function describeValue(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/**
 * Wraps the console's methods so each call also reaches `push` as text; the original still runs.
 * Answers the function that puts the originals back.
 */
export function captureConsole(target: ConsoleLike, push: (level: Level, text: string) => void): () => void {
  const originals = levels.map((level) => target[level]);
  levels.forEach((level, i) => {
    const original = originals[i] as (...args: unknown[]) => void;
    target[level] = (...args: unknown[]) => {
      original.apply(target, args);
      push(level, args.map(describeValue).join(" "));
    };
  });
  return () => {
    levels.forEach((level, i) => {
      target[level] = originals[i] as (...args: unknown[]) => void;
    });
  };
}
