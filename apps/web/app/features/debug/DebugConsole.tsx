import { useEffect, useState } from "react";
import "./debug-console.css";
import { useListT } from "../../lib/i18n/lists.ts";
import { captureConsole, describeValue, type Level } from "./debug-capture.ts";

interface Line {
  id: number;
  level: Level;
  text: string;
  at: string;
}

const maxLines = 200;

/**
 * A small on-page console for testing inside WeChat, where no developer tools reach (R-SITE-11):
 * console output and uncaught errors, newest last, behind a floating button. Loaded only when the site
 * config's `debug` flag is on.
 */
export function DebugConsole() {
  const t = useListT();
  const [lines, setLines] = useState<Line[]>([]);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    let next = 1;
    const push = (level: Level, text: string) => {
      const line = { id: next++, level, text, at: new Date().toTimeString().slice(0, 8) };
      // a console call during a React render must not set state in that render
      window.setTimeout(() => setLines((all) => [...all.slice(-(maxLines - 1)), line]), 0);
    };
    const release = captureConsole(console as never, push);
    const onError = (event: ErrorEvent) => push("error", describeValue(event.error ?? event.message));
    const onRejection = (event: PromiseRejectionEvent) =>
      push("error", `unhandled rejection: ${describeValue(event.reason)}`);
    window.addEventListener("error", onError);
    window.addEventListener("unhandledrejection", onRejection);
    push("info", `debug console: ${navigator.userAgent}`);
    return () => {
      release();
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
