import { type ReactNode, useEffect, useMemo, useState } from "react";
import { ApiError } from "./api.ts";
import { useT } from "./i18n.tsx";

/** A notice above a screen's content: errors, conflicts (409 "already handled by …"), successes. */
export interface Notice {
  kind: "error" | "conflict" | "ok";
  text: string;
}

export function NoticeBar({ notice, onClose }: { notice: Notice | null; onClose: () => void }) {
  const { t } = useT();
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.kind}`} role={notice.kind === "ok" ? "status" : "alert"}>
      {notice.kind === "conflict" && <strong className="notice-label">{t("conflict")}</strong>}
      <span>{notice.text}</span>
      <button type="button" className="notice-close" onClick={onClose} aria-label={t("close")}>
        ×
      </button>
    </div>
  );
}

/** The notice of a failed call: 409 is a conflict with another editor, the rest an error. */
export function useNotice() {
  const { t } = useT();
  const [notice, setNotice] = useState<Notice | null>(null);
  const actions = useMemo(
    () => ({
      fail(error: unknown) {
        if (error instanceof ApiError) {
          if (error.status === 401) return;
          setNotice({
            kind: error.status === 409 ? "conflict" : "error",
            text: error.status === 0 ? t("network") : error.message,
          });
        } else setNotice({ kind: "error", text: String(error) });
      },
      ok: (text: string) => setNotice({ kind: "ok", text }),
    }),
    [t],
  );
  return { notice, setNotice, ...actions };
}

/** A labelled form row: the label above its control (inputs, selects, text areas). */
export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes as children, inside the label
    <label className="field">
      <span>{label}</span>
      {children}
      {hint && <small className="muted small">{hint}</small>}
    </label>
  );
}

export function PageHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <h1>{title}</h1>
      {children && <div className="page-tools">{children}</div>}
    </header>
  );
}

export function Badge({ tone, children }: { tone: "gray" | "blue" | "green" | "red" | "amber"; children: ReactNode }) {
  return <span className={`badge badge-${tone}`}>{children}</span>;
}

/** Re-renders every `ms` (countdowns). */
export function useNow(ms = 1000) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms);
    return () => clearInterval(timer);
  }, [ms]);
  return now;
}

export function duration(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${pad(m)}:${pad(s)}`;
}
