import type { PreviewLinkList } from "@davmu/contracts/preview";
import QRCode from "qrcode";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { useSession } from "../session.tsx";
import {
  ConfirmButton,
  DataTable,
  duration,
  Field,
  FormPanel,
  NoticeBar,
  PageHeader,
  TextField,
  useNotice,
  useNow,
} from "../ui.tsx";

interface Link {
  url: string;
  token: string;
  actor: string;
  revision: number;
  expired_at: string;
}

interface Kept extends Link {
  post_id: string;
  made_at: string;
}

/**
 * The links made in this browser (their addresses, to copy or scan again), until they expire or are
 * revoked. The API lists every editor's links that still work, without their addresses (a link is its
 * signature): revoking bumps the item's revision, ending them all.
 */
const storageKey = "console-preview-links";
const readKept = (): Kept[] => {
  try {
    const kept = JSON.parse(localStorage.getItem(storageKey) ?? "[]") as Kept[];
    return kept.filter((link) => Date.parse(link.expired_at) > Date.now());
  } catch {
    return [];
  }
};
const writeKept = (links: Kept[]) => localStorage.setItem(storageKey, JSON.stringify(links));

const choices = [30, 60, 240, 1440];

export function Previews() {
  const { t, lang } = useT();
  const { me } = useSession();
  const now = useNow();
  const { notice, setNotice, fail, ok } = useNotice();
  const [postId, setPostId] = useState("");
  const [editor, setEditor] = useState(
    me.editor.email
      .split("@")[0]
      ?.replace(/[^A-Za-z0-9_]/g, "_")
      .slice(0, 32) || "editor",
  );
  const [minutes, setMinutes] = useState(30);
  const [draftTitle, setDraftTitle] = useState("");
  const [made, setMade] = useState<Kept | null>(null);
  const [qr, setQr] = useState("");
  const [kept, setKept] = useState<Kept[]>(readKept);
  const [copied, setCopied] = useState(false);
  /** Every editor's links that still work, as the API lists them. */
  const [all, setAll] = useState<PreviewLinkList["list"] | null>(null);

  const loadAll = useCallback(async () => {
    try {
      setAll((await api<PreviewLinkList>("GET", "/editor/v1/previews")).list);
    } catch (error) {
      fail(error);
    }
  }, [fail]);

  useEffect(() => {
    loadAll();
  }, [loadAll]);

  useEffect(() => {
    if (!made) return;
    QRCode.toDataURL(made.url, { margin: 1, width: 240, errorCorrectionLevel: "M" }).then(setQr, fail);
  }, [made, fail]);

  const mint = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const link = await api<Link>("POST", `/editor/v1/preview/${encodeURIComponent(postId.trim())}`, {
        editor,
        minutes,
        ...(draftTitle ? { draft: { title: draftTitle } } : {}),
      });
      const entry: Kept = { ...link, post_id: postId.trim(), made_at: new Date().toISOString() };
      const next = [entry, ...readKept()];
      writeKept(next);
      setKept(next);
      setMade(entry);
      setCopied(false);
      setNotice(null);
      loadAll();
    } catch (error) {
      fail(error);
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // no clipboard (an http origin other than localhost): the link is selectable on the screen
    }
  };

  const revoke = async (id: string) => {
    try {
      await api("POST", `/editor/v1/preview/${encodeURIComponent(id)}/revoke`);
      const next = readKept().filter((link) => link.post_id !== id);
      writeKept(next);
      setKept(next);
      if (made?.post_id === id) setMade(null);
      ok(t("revoked"));
      loadAll();
    } catch (error) {
      fail(error);
    }
  };

  const active = kept.filter((link) => Date.parse(link.expired_at) > now);
  const working = (all ?? []).filter((link) => Date.parse(link.expired_at) > now);

  return (
    <>
      <PageHeader title={t("navPreviews")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <div className="split">
        <FormPanel id="preview-new" title={t("previewNew")} onSubmit={mint} submit={t("make")} narrow={false}>
          <TextField label={t("contentId")} name="post_id" required value={postId} onValue={setPostId} />
          <TextField
            label={t("previewEditor")}
            name="editor"
            required
            pattern="[A-Za-z0-9_]{1,32}"
            value={editor}
            onValue={setEditor}
          />
          <Field label={t("validity")}>
            <select name="minutes" value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
              {choices.map((choice) => (
                <option key={choice} value={choice}>
                  {choice < 60 ? t("minutes", { n: choice }) : t("hours", { n: choice / 60 })}
                </option>
              ))}
            </select>
          </Field>
          <TextField
            label={t("draftTitle")}
            name="draft_title"
            maxLength={200}
            value={draftTitle}
            onValue={setDraftTitle}
          />
        </FormPanel>
        {made && (
          <section className="panel qr-panel" aria-labelledby="preview-made">
            <h2 id="preview-made">{made.post_id}</h2>
            {qr && <img className="qr" src={qr} width={240} height={240} alt={t("qrAlt")} />}
            <input
              className="mono link-field"
              readOnly
              value={made.url}
              aria-label={t("copy")}
              onFocus={(e) => e.target.select()}
            />
            <div className="card-actions">
              <button type="button" className="primary" onClick={() => copy(made.url)}>
                {copied ? t("copied") : t("copy")}
              </button>
              <a className="button ghost" href={made.url} target="_blank" rel="noreferrer">
                {t("open")}
              </a>
            </div>
            <p className="muted small">
              {t("expiresAt")} {formatTime(made.expired_at, lang)} · {t("remaining")}{" "}
              {duration(Date.parse(made.expired_at) - now)}
            </p>
          </section>
        )}
      </div>
      <section aria-labelledby="preview-list" className="section">
        <h2 id="preview-list">{t("previewList")}</h2>
        <p className="muted small">{t("previewListNote")}</p>
        <DataTable
          label={t("previewList")}
          head={[t("contentId"), t("expiresAt"), t("remaining"), t("actions")]}
          rows={active}
          row={(link) => (
            <tr key={link.token}>
              <td className="mono">{link.post_id}</td>
              <td className="nowrap">{formatTime(link.expired_at, lang)}</td>
              <td className="nowrap mono">{duration(Date.parse(link.expired_at) - now)}</td>
              <td className="nowrap">
                <button type="button" className="ghost small" onClick={() => setMade(link)}>
                  QR
                </button>{" "}
                <button type="button" className="ghost small" onClick={() => copy(link.url)}>
                  {t("copy")}
                </button>{" "}
                <RevokeButton id={link.post_id} onRevoke={revoke} />
              </td>
            </tr>
          )}
        />
      </section>
      <section aria-labelledby="preview-all" className="section">
        <h2 id="preview-all">{t("previewAll")}</h2>
        <p className="muted small">{t("previewAllNote")}</p>
        <DataTable
          label={t("previewAll")}
          head={[t("contentId"), t("content"), t("madeBy"), t("expiresAt"), t("actions")]}
          rows={all === null ? null : working}
          row={(link) => (
            <tr key={`${link.post_id}:${link.made_at}:${link.editor}`} data-post={link.post_id}>
              <td className="mono">{link.post_id}</td>
              <td>{link.title}</td>
              <td className="nowrap">
                {link.made_by || "—"} · {link.editor}
              </td>
              <td className="nowrap">{formatTime(link.expired_at, lang)}</td>
              <td className="nowrap">
                <RevokeButton id={link.post_id} onRevoke={revoke} />
              </td>
            </tr>
          )}
        />
      </section>
    </>
  );
}

/** Revoking ends every link of the item (its revision moves on): asked first. */
function RevokeButton({ id, onRevoke }: { id: string; onRevoke: (id: string) => unknown }) {
  const { t } = useT();
  return (
    <ConfirmButton question={t("confirmRevokePreview", { id })} onConfirm={() => onRevoke(id)}>
      {t("revoke")}
    </ConfirmButton>
  );
}
