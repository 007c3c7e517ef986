import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api, query } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { DataTable, NoticeBar, PageHeader, TextField, useNotice } from "../ui.tsx";

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

/** A datetime-local value as the API's date-time (the editor's own time zone). */
const iso = (local: string) => (local ? new Date(local).toISOString() : undefined);
const short = (value: unknown) => (value === null || value === undefined ? "" : JSON.stringify(value));

export function Audit() {
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
        <TextField label={t("editorId")} inputMode="numeric" pattern="[0-9]*" value={editorId} onValue={setEditorId} />
        <TextField
          label={t("action")}
          pattern="[A-Za-z]+"
          value={action}
          onValue={setAction}
          placeholder="moderateComment"
        />
        <TextField label={t("target")} value={target} onValue={setTarget} placeholder="comment:…" />
        <TextField label={t("from")} type="datetime-local" value={from} onValue={setFrom} />
        <TextField label={t("to")} type="datetime-local" value={to} onValue={setTo} />
        <button type="submit" className="primary align-end">
          {t("filter")}
        </button>
      </form>
      <DataTable
        label={t("audit")}
        className="audit"
        head={[t("time"), t("who"), t("action"), t("target"), t("before"), t("after"), t("where")]}
        rows={entries}
        row={(entry) => (
          <tr key={entry.id}>
            <td className="nowrap">{formatTime(entry.at, lang)}</td>
            <td className="nowrap">{entry.editor_name}</td>
            <td className="mono">{entry.action}</td>
            <td className="mono">{entry.target}</td>
            <td className="mono json">{short(entry.before)}</td>
            <td className="mono json">{short(entry.after)}</td>
            <td className="mono small" title={entry.user_agent}>
              {entry.ip}
            </td>
          </tr>
        )}
      />
      {next !== null && (
        <button type="button" className="ghost block" onClick={() => load(next)}>
          {t("older")}
        </button>
      )}
    </>
  );
}
