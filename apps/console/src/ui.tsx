import {
  type FormEvent,
  type InputHTMLAttributes,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from "react";
import { createPortal } from "react-dom";
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
  /** A call and its notice: `done` (when given) once it succeeds, the failure's otherwise; its answer or undefined. */
  const attempt = useCallback(
    async <T,>(work: () => Promise<T>, done?: string): Promise<T | undefined> => {
      try {
        const answer = await work();
        if (done) actions.ok(done);
        return answer;
      } catch (error) {
        actions.fail(error);
        return undefined;
      }
    },
    [actions],
  );
  return { notice, setNotice, attempt, ...actions };
}

/**
 * A form in a panel of its own: its heading, its notice, its fields one above the other, and its submit
 * button (`narrow`: a single column's width).
 */
export function FormPanel({
  id,
  title,
  notice,
  onSubmit,
  submit,
  narrow = true,
  children,
}: {
  id: string;
  title: string;
  notice?: Pick<ReturnType<typeof useNotice>, "notice" | "setNotice">;
  onSubmit: (event: FormEvent) => unknown;
  submit: string;
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section className={narrow ? "panel narrow" : "panel"} aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {notice && <NoticeBar notice={notice.notice} onClose={() => notice.setNotice(null)} />}
      <form className="stack" onSubmit={onSubmit}>
        {children}
        <button type="submit" className="primary">
          {submit}
        </button>
      </form>
    </section>
  );
}

/** A labelled text input (`onValue` gets what was typed); the rest of its attributes as an input's. */
export function TextField({
  label,
  hint,
  grow,
  onValue,
  ...input
}: {
  label: string;
  hint?: string;
  grow?: boolean;
  onValue: (value: string) => void;
} & Omit<InputHTMLAttributes<HTMLInputElement>, "onChange">) {
  return (
    <Field label={label} hint={hint} grow={grow}>
      <input {...input} onChange={(e) => onValue(e.target.value)} />
    </Field>
  );
}

/** One id to look something up by (a room, a form), and the button that reads it, on one line. */
export function LookupForm({
  label,
  name,
  value,
  onChange,
  onSubmit,
  submit,
}: {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  onSubmit: (event: FormEvent) => unknown;
  submit: string;
}) {
  return (
    <form className="panel row wrap" onSubmit={onSubmit}>
      <TextField label={label} grow name={name} required value={value} onValue={onChange} />
      <button type="submit" className="primary align-end">
        {submit}
      </button>
    </form>
  );
}

/** A labelled form row: the label above its control (inputs, selects, text areas); `grow` fills a row. */
export function Field({
  label,
  children,
  hint,
  grow,
}: {
  label: string;
  children: ReactNode;
  hint?: string;
  grow?: boolean;
}) {
  return (
    // biome-ignore lint/a11y/noLabelWithoutControl: the control comes as children, inside the label
    <label className={grow ? "field grow" : "field"}>
      <span>{label}</span>
      {children}
      {hint && <small className="muted small">{hint}</small>}
    </label>
  );
}

/**
 * A button for an action that cannot be undone (revoke, disable, end a session): it asks first in a
 * modal dialog (focus moves into it, Escape or Cancel closes it), then runs `onConfirm`. With
 * `password` (its field's label), the dialog also asks for the editor's own password, which
 * `onConfirm` is given: the action is confirmed by typing it (re-authentication).
 */
export function ConfirmButton({
  children,
  question,
  onConfirm,
  className = "danger small",
  disabled,
  password,
}: {
  children: ReactNode;
  question: string;
  onConfirm: (password: string) => unknown;
  className?: string;
  disabled?: boolean;
  password?: string;
}) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState("");
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (open) dialog.current?.showModal();
  }, [open]);
  const close = () => {
    setOpen(false);
    setTyped("");
    // the dialog leaves the page: focus goes back to the button that opened it
    trigger.current?.focus();
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    // the dialog is portalled out of the DOM, not out of React's tree: a form around the button must not see this
    event.stopPropagation();
    const given = typed;
    close();
    onConfirm(given);
  };
  return (
    <>
      <button ref={trigger} type="button" className={className} disabled={disabled} onClick={() => setOpen(true)}>
        {children}
      </button>
      {open &&
        // the dialog lives outside the row or form that holds the button (a table row holds no dialog)
        createPortal(
          <dialog ref={dialog} className="confirm-dialog" aria-labelledby={id} onClose={close}>
            <form onSubmit={confirm}>
              <p id={id}>{question}</p>
              {password !== undefined && (
                <TextField
                  label={password}
                  type="password"
                  name="confirm-password"
                  autoComplete="current-password"
                  required
                  value={typed}
                  onValue={setTyped}
                />
              )}
              <div className="card-actions">
                <button type="button" className="ghost" onClick={close}>
                  {t("cancel")}
                </button>
                <button type="submit" className="danger" disabled={password !== undefined && typed === ""}>
                  {children}
                </button>
              </div>
            </form>
          </dialog>,
          document.body,
        )}
    </>
  );
}

/**
 * A list as a table: its header cells, one row a record, a line in place of the rows while they load
 * (`rows` null) or when there are none. The table scrolls sideways when wider than the screen, by
 * keyboard too (its region is focusable and named by `label`).
 */
export function DataTable<Row>({
  label,
  head,
  rows,
  row,
  className,
}: {
  label: string;
  head: ReactNode[];
  rows: readonly Row[] | null;
  row: (item: Row) => ReactNode;
  className?: string;
}) {
  const { t } = useT();
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways on a phone, by keyboard too
    <section className="table-wrap" tabIndex={0} aria-label={label}>
      <table className={className ? `table ${className}` : "table"}>
        <thead>
          <tr>
            {head.map((cell, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the header's cells never move
              <th key={index}>{cell}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {(rows === null || rows.length === 0) && (
            <tr>
              <td colSpan={head.length} className="muted center">
                {rows === null ? t("loading") : t("empty")}
              </td>
            </tr>
          )}
          {rows?.map(row)}
        </tbody>
      </table>
    </section>
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
