import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api, query } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Badge, NoticeBar, PageHeader, TextField, useNotice } from "../ui.tsx";

type Status = "received" | "accepted" | "rejected" | "published";

interface Tip {
  receipt: string;
  status: Status;
  reason: string;
  text: string;
  place: string;
  contact: string;
  user: { id: string; alias: string };
  pictures: { url: string; webp: string; width: number; height: number }[];
  created_at: string;
  updated_at: string;
  clue_report: { id: string; url: string } | null;
}

const tones = { received: "blue", accepted: "green", rejected: "red", published: "gray" } as const;
const labels = {
  received: "tipReceived",
  accepted: "tipAccepted",
  rejected: "tipRejected",
  published: "tipPublished",
} as const;

export function Tips() {
  const { t } = useT();
  const [status, setStatus] = useState<Status | "">("received");
  const [tips, setTips] = useState<Tip[] | null>(null);
  const [next, setNext] = useState<number | null>(null);
  const [pages, setPages] = useState(1);
  const { notice, setNotice, fail, ok } = useNotice();

  const load = useCallback(
    async (cursor?: number) => {
      try {
        const page = await api<{ list: Tip[]; next: number | null }>(
          "GET",
          `/editor/v1/tips${query({ status, cursor, limit: 20 })}`,
        );
        setTips((before) => (cursor ? [...(before ?? []), ...page.list] : page.list));
        setNext(page.next);
        setPages((before) => (cursor ? before + 1 : 1));
      } catch (error) {
        fail(error);
      }
    },
    [status, fail],
  );

  useEffect(() => {
    setTips(null);
    load();
  }, [load]);

  // the first page is read again every 1.5 s: another editor's move shows within 2 s (R-CONSOLE-5);
  // once older pages are loaded the editor is reading back, and the list stays as it is
  useEffect(() => {
    if (pages > 1) return;
    const timer = setInterval(() => {
      if (document.visibilityState === "visible") load();
    }, 1500);
    return () => clearInterval(timer);
  }, [load, pages]);

  const moderate = async (tip: Tip, body: Record<string, string>) => {
    try {
      const changed = await api<Tip>("POST", `/editor/v1/tips/${tip.receipt}`, body);
      ok(`${tip.receipt}：${t(labels[changed.status])}`);
      setTips((before) =>
        (before ?? [])
          .map((item) => (item.receipt === tip.receipt ? changed : item))
          .filter((item) => !status || item.status === status),
      );
    } catch (error) {
      fail(error);
      load();
    }
  };

  return (
    <>
      <PageHeader title={t("navTips")} />
      <div className="tabs" role="tablist" aria-label={t("navTips")}>
        {(["received", "accepted", "rejected", "published", ""] as const).map((name) => (
          <button
            key={name || "all"}
            type="button"
            role="tab"
            aria-selected={status === name}
            className={status === name ? "tab active" : "tab"}
            onClick={() => setStatus(name)}
          >
            {name ? t(labels[name]) : t("allQueue")}
          </button>
        ))}
      </div>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      {tips === null && <p className="muted">{t("loading")}</p>}
      {tips?.length === 0 && <p className="muted empty-line">{t("empty")}</p>}
      <div className="cards">
        {tips?.map((tip) => (
          <TipCard key={tip.receipt} tip={tip} onAction={(body) => moderate(tip, body)} />
        ))}
      </div>
      {next !== null && (
        <button type="button" className="ghost block" onClick={() => load(next)}>
          {t("more")}
        </button>
      )}
    </>
  );
}

function TipCard({ tip, onAction }: { tip: Tip; onAction: (body: Record<string, string>) => Promise<void> }) {
  const { t, lang } = useT();
  const [mode, setMode] = useState<"" | "reject" | "publish">("");
  const [reason, setReason] = useState("");
  const [title, setTitle] = useState("");
  const [topic, setTopic] = useState("");

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (mode === "reject") await onAction({ action: "reject", reason });
    if (mode === "publish")
      await onAction({ action: "publish", ...(title ? { title } : {}), ...(topic ? { topic } : {}) });
    setMode("");
  };

  const canAccept = tip.status === "received" || tip.status === "rejected";
  const canReject = tip.status === "received" || tip.status === "accepted";
  const canPublish = tip.status === "accepted";

  return (
    <article className="card tip" aria-labelledby={`tip-${tip.receipt}`}>
      <header className="card-head">
        <h2 id={`tip-${tip.receipt}`} className="mono">
          {tip.receipt}
        </h2>
        <Badge tone={tones[tip.status]}>{t(labels[tip.status])}</Badge>
        <span className="spacer" />
        <span className="muted small">{formatTime(tip.created_at, lang)}</span>
      </header>
      <p className="tip-text">{tip.text}</p>
      <dl className="meta">
        {tip.place && (
          <div>
            <dt>{t("place")}</dt>
            <dd>{tip.place}</dd>
          </div>
        )}
        {tip.contact && (
          <div>
            <dt>{t("contact")}</dt>
            <dd>{tip.contact}</dd>
          </div>
        )}
        <div>
          <dt>{t("author")}</dt>
          <dd>{tip.user.alias}</dd>
        </div>
        {tip.reason && (
          <div>
            <dt>{t("reason")}</dt>
            <dd>{tip.reason}</dd>
          </div>
        )}
      </dl>
      {tip.pictures.length > 0 && (
        <div className="pictures">
          {tip.pictures.map((picture, index) => (
            <a key={picture.url} href={picture.url} target="_blank" rel="noreferrer">
              <img
                src={picture.webp || picture.url}
                width={picture.width}
                height={picture.height}
                alt={`${t("pictures")} ${index + 1}`}
                loading="lazy"
              />
            </a>
          ))}
        </div>
      )}
      {tip.clue_report && (
        <p className="small">
          {t("clueReport")}：
          <a className="clue-link" href={tip.clue_report.url} target="_blank" rel="noreferrer">
            {tip.clue_report.id}
          </a>
        </p>
      )}
      {mode === "" ? (
        <div className="card-actions">
          {canAccept && (
            <button type="button" className="success" onClick={() => onAction({ action: "accept" })}>
              {t("accept")}
            </button>
          )}
          {canPublish && (
            <button type="button" className="primary" onClick={() => setMode("publish")}>
              {t("publish")}
            </button>
          )}
          {canReject && (
            <button type="button" className="danger" onClick={() => setMode("reject")}>
              {t("reject")}
            </button>
          )}
        </div>
      ) : (
        <form className="stack inline-form" onSubmit={submit}>
          {mode === "reject" ? (
            <TextField label={t("rejectReason")} required maxLength={200} value={reason} onValue={setReason} />
          ) : (
            <>
              <TextField label={t("title")} maxLength={100} value={title} onValue={setTitle} />
              <TextField label={t("topic")} maxLength={30} value={topic} onValue={setTopic} />
            </>
          )}
          <div className="card-actions">
            <button type="submit" className={mode === "reject" ? "danger" : "primary"}>
              {t("submit")}
            </button>
            <button type="button" className="ghost" onClick={() => setMode("")}>
              {t("cancel")}
            </button>
          </div>
        </form>
      )}
    </article>
  );
}
