import { useEffect, useState } from "react";
import { useT } from "../lib/i18n/context.tsx";

type Level = "log" | "info" | "warn" | "error";
interface Line {
  id: number;
  level: Level;
  text: string;
  at: string;
}

const maxLines = 200;

function describe(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return `${value.name}: ${value.message}`;
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/**
 * A small on-page console for testing inside WeChat, where no developer tools reach (R-SITE-11):
 * console output and uncaught errors, newest last, behind a floating button. Loaded only when the site
 * config's `debug` flag is on.
 */
export function DebugConsole() {
  const t = useT();
  const [lines, setLines] = useState<Line[]>([]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let next = 1;
    const push = (level: Level, args: unknown[]) => {
      const line = { id: next++, level, text: args.map(describe).join(" "), at: new Date().toTimeString().slice(0, 8) };
      setLines((all) => [...all.slice(-(maxLines - 1)), line]);
    };
    const levels: Level[] = ["log", "info", "warn", "error"];
    const originals = levels.map((level) => console[level]);
    levels.forEach((level, i) => {
      const original = originals[i] as (...args: unknown[]) => void;
      console[level] = (...args: unknown[]) => {
        original.apply(console, args);
        // a console call during a React render must not set state in that render
        window.setTimeout(() => push(level, args), 0);
      };
    });
    const onError = (event: ErrorEvent) => push("error", [event.error ?? event.message]);
    const onRejection = (event: PromiseRejectionEvent) => push("error", ["unhandled rejection:", event.reason]);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    push("info", [`debug console: ${navigator.userAgent}`]);
    return () => {
      levels.forEach((level, i) => {
        console[level] = originals[i] as (...args: unknown[]) => void;
      });
      window.removeEventListener("error", onError);
      window.removeEventListener("unhandledrejection", onRejection);
    };
  }, []);

  return (
    <div className="debug-console" data-testid="debug-console">
      <button type="button" className="debug-toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)}>
        {t("debugConsole")}
      </button>
      {open ? (
        <section className="debug-panel" aria-label={t("debugConsole")}>
          <ol>
            {lines.map((line) => (
              <li key={line.id} className={`debug-line is-${line.level}`}>
                <time>{line.at}</time> {line.text}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
