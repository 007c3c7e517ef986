import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api, query } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Guard } from "../layout.tsx";
import { NoticeBar, PageHeader, useNotice } from "../ui.tsx";

interface Entry {
  id: number;
  at: string;
  editor_id: number | null;
  editor_name: string;
  ip: string;
  user_agent: string;
  action: string;
  target: string;
  before: unknown;
  after: unknown;
}

export function Audit() {
  return (
    <Guard screen="audit">
      <Trail />
    </Guard>
  );
}

/** A datetime-local value as the API's date-time (the editor's own time zone). */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);
const short = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

function Trail() {
  const { t, lang } = useT();
  const { notice, setNotice, fail } = useNotice();
  const [editorId, setEditorId] = useState("");
  const [action, setAction] = useState("");
  const [target, setTarget] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [filters, setFilters] = useState<Record<string, string | undefined>>({});
  const [entries, setEntries] = useState<Entry[] | null>(null);
  const [next, setNext] = useState<number | null>(null);

  const load = useCallback(
    async (cursor?: number) => {
      try {
        const page = await api<{ list: Entry[]; next: number | null }>(
          "GET",
          `/editor/v1/audit${query({ ...filters, cursor, limit: 50 })}`,
        );
        setEntries((before) => (cursor ? [...(before ?? []), ...page.list] : page.list));
        setNext(page.next);
      } catch (error) {
        fail(error);
      }
    },
    [filters, fail],
  );
  useEffect(() => {
    load();
  }, [load]);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    setFilters({
      editor_id: editorId || undefined,
      action: action || undefined,
      target: target || undefined,
      from: iso(from),
      to: iso(to),
    });
  };

  return (
    <>
      <PageHeader title={t("navAudit")}>
        <a className="button ghost" href={`/editor/v1/audit.csv${query(filters)}`} download>
          {t("exportCsv")}
        </a>
      </PageHeader>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <form className="panel row wrap" onSubmit={apply} aria-label={t("filter")}>
        <label className="field">
          <span>{t("editorId")}</span>
          <input inputMode="numeric" pattern="[0-9]*" value={editorId} onChange={(e) => setEditorId(e.target.value)} />
        </label>
        <label className="field">
          <span>{t("action")}</span>
          <input
            pattern="[A-Za-z]+"
            value={action}
            onChange={(e) => setAction(e.target.value)}
            placeholder="moderateComment"
          />
        </label>
        <label className="field">
          <span>{t("target")}</span>
          <input value={target} onChange={(e) => setTarget(e.target.value)} placeholder="comment:…" />
        </label>
        <label className="field">
          <span>{t("from")}</span>
          <input type="datetime-local" value={from} onChange={(e) => setFrom(e.target.value)} />
        </label>
        <label className="field">
          <span>{t("to")}</span>
          <input type="datetime-local" value={to} onChange={(e) => setTo(e.target.value)} />
        </label>
        <button type="submit" className="primary align-end">
          {t("filter")}
        </button>
      </form>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a wide table scrolls sideways on a phone, by keyboard too */}
      <section className="table-wrap" tabIndex={0} aria-label={t("audit")}>
        <table className="table audit">
          <thead>
            <tr>
              <th>{t("time")}</th>
              <th>{t("who")}</th>
              <th>{t("action")}</th>
              <th>{t("target")}</th>
              <th>{t("before")}</th>
              <th>{t("after")}</th>
              <th>{t("where")}</th>
            </tr>
          </thead>
          <tbody>
            {entries?.length === 0 && (
              <tr>
                <td colSpan={7} className="muted center">
                  {t("empty")}
                </td>
              </tr>
            )}
            {entries?.map((entry) => (
              <tr key={entry.id}>
                <td className="nowrap">{formatTime(entry.at, lang)}</td>
                <td>{entry.editor_name}</td>
                <td className="mono">{entry.action}</td>
                <td className="mono">{entry.target}</td>
                <td className="mono json">{short(entry.before)}</td>
                <td className="mono json">{short(entry.after)}</td>
                <td className="mono small" title={entry.user_agent}>
                  {entry.ip}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {next !== null && (
        <button type="button" className="ghost block" onClick={() => load(next)}>
          {t("older")}
        </button>
      )}
    </>
  );
}
