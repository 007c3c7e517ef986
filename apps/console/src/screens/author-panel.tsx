import type { AuthorHistory } from "@davmu/contracts/interaction";
import { useCallback, useEffect, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Badge, NoticeBar, TextField, useNotice } from "../ui.tsx";

const kinds = {
  comment: "kindComment",
  report_comment: "kindReportComment",
  chat: "kindChat",
} as const;

const statuses: Record<string, "statusPublished" | "statusPending" | "statusRejected" | "statusDeleted"> = {
  published: "statusPublished",
  pending: "statusPending",
  rejected: "statusRejected",
  deleted: "statusDeleted",
};

/**
 * The author of the queue's current item beside the queue (R-MOD-2): whether they are banned, the
 * ban and its lifting, and their latest texts across comments, report comments and live chat.
 */
export function AuthorPanel({ userId, onClose }: { userId: string; onClose: () => void }) {
  const { t, lang } = useT();
  const { notice, setNotice, fail, ok } = useNotice();
  const [history, setHistory] = useState<AuthorHistory | null>(null);
  const [reason, setReason] = useState("");
  const [busy, setBusy] = useState(false);
  const path = `/editor/v1/users/${encodeURIComponent(userId)}`;
  const statusLabel = (status: string) => {
    const key = statuses[status];
    return key ? t(key) : status;
  };

  const load = useCallback(async () => {
    try {
      setHistory(await api<AuthorHistory>("GET", path));
    } catch (error) {
      fail(error);
    }
  }, [path, fail]);

  useEffect(() => {
    setHistory(null);
    setNotice(null);
    load();
  }, [load, setNotice]);

  const change = async (ban: boolean) => {
    if (!history) return;
    setBusy(true);
    try {
      if (ban) await api("POST", `${path}/ban`, { reason: reason.trim() });
      else await api("DELETE", `${path}/ban`);
      ok(t(ban ? "userBanned" : "userUnbanned", { name: history.alias }));
      setReason("");
    } catch (error) {
      fail(error);
    }
    setBusy(false);
    load();
  };

  return (
    <aside className="side-panel" aria-labelledby="author-title">
      <header className="side-head">
        <h2 id="author-title">
          {t("authorHistory")}
          {history && ` · ${history.alias}`}
        </h2>
        <button type="button" className="ghost icon" onClick={onClose} aria-label={t("close")}>
          ×
        </button>
      </header>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      {!history && <p className="muted">{t("loading")}</p>}
      {history && (
        <>
          <div className="row wrap">
            {history.ban ? <Badge tone="red">{t("bannedBadge")}</Badge> : <Badge tone="green">{t("notBanned")}</Badge>}
            {history.ban && (
              <span className="muted small">
                {t("bannedBy", { by: history.ban.by || "—" })} · {formatTime(history.ban.at, lang)}
                {history.ban.reason && ` · ${history.ban.reason}`}
              </span>
            )}
          </div>
          {history.ban ? (
            <button type="button" className="warning" disabled={busy} onClick={() => change(false)}>
              {t("unbanUser")}
            </button>
          ) : (
            <form
              className="stack"
              onSubmit={(event) => {
                event.preventDefault();
                change(true);
              }}
            >
              <TextField label={t("banReason")} name="ban-reason" maxLength={200} value={reason} onValue={setReason} />
              <p className="muted small">{t("banHint")}</p>
              <button type="submit" className="danger" disabled={busy}>
                {t("banUser")}
              </button>
            </form>
          )}
          <h3>{t("authorRecent")}</h3>
          {history.list.length === 0 && <p className="muted">{t("empty")}</p>}
          <ol className="history">
            {history.list.map((item) => (
              <li key={`${item.kind}:${item.gid}`}>
                <div className="row small muted">
                  <Badge tone={item.kind === "chat" ? "blue" : item.kind === "comment" ? "gray" : "amber"}>
                    {t(kinds[item.kind])}
                  </Badge>
                  <span>{statusLabel(item.status)}</span>
                  <span className="spacer" />
                  <span className="nowrap">{formatTime(item.created_at, lang)}</span>
                </div>
                <p className="comment-text">{item.content}</p>
              </li>
            ))}
          </ol>
        </>
      )}
    </aside>
  );
}
