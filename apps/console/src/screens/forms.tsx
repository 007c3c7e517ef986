import { type FormEvent, useState } from "react";
import { api, query } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { DataTable, LookupForm, NoticeBar, PageHeader, useNotice } from "../ui.tsx";

interface Submissions {
  list: { id: number; user_id: string | null; answers: Record<string, string | string[]>; submitted_at: string }[];
  total: number;
  fields: { key: string; label: string; type: string }[];
}

export function Forms() {
  const { t, lang } = useT();
  const { notice, setNotice, fail } = useNotice();
  const [formId, setFormId] = useState("");
  const [shown, setShown] = useState("");
  const [page, setPage] = useState<Submissions | null>(null);

  const load = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const id = formId.trim();
      setPage(
        await api<Submissions>("GET", `/editor/v1/form/${encodeURIComponent(id)}/submissions${query({ size: 50 })}`),
      );
      setShown(id);
      setNotice(null);
    } catch (error) {
      fail(error);
    }
  };

  const show = (value: string | string[] | undefined, type: string) => {
    if (value === undefined) return "";
    if (Array.isArray(value)) return value.join("、");
    if (type === "image" || value.startsWith("data:image/")) return lang === "en" ? "[picture]" : "［图片］";
    return value;
  };

  return (
    <>
      <PageHeader title={t("navForms")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <LookupForm
        label={t("formId")}
        name="form"
        value={formId}
        onChange={setFormId}
        onSubmit={load}
        submit={t("load")}
      />
      {page && (
        <section className="section">
          <div className="toolbar">
            <span className="muted">{t("total", { n: page.total })}</span>
            <span className="spacer" />
            <a className="button ghost" href={`/editor/v1/form/${encodeURIComponent(shown)}/submissions.csv`} download>
              {t("exportCsv")}
            </a>
          </div>
          <DataTable
            label={t("navForms")}
            head={[t("submittedAt"), t("reader"), ...page.fields.map((field) => field.label)]}
            rows={page.list}
            row={(row) => (
              <tr key={row.id}>
                <td className="nowrap">{formatTime(row.submitted_at, lang)}</td>
                <td className="mono">{row.user_id ?? t("anonymous")}</td>
                {page.fields.map((field) => (
                  <td key={field.key}>{show(row.answers[field.key], field.type)}</td>
                ))}
              </tr>
            )}
          />
        </section>
      )}
    </>
  );
}
