import QRCode from "qrcode";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { useSession } from "../session.tsx";
import {
  Badge,
  ConfirmButton,
  DataTable,
  Field,
  FormPanel,
  NoticeBar,
  PageHeader,
  TextField,
  useNotice,
} from "../ui.tsx";

interface Session {
  id: number;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string;
  user_agent: string;
  current: boolean;
}

/**
 * One's own account: the password (an invited editor's one-time password first of all), TOTP
 * enrolment (required by an admin, or by choice) and one's sessions.
 */
export function Security() {
  const { t } = useT();
  const { me } = useSession();
  // a one-time password an admin handed over is replaced first; then the account is the editor's own
  // (the form keeps its place as the rest opens, so its notice stays)
  const mustChange = me.password_change_required;
  return (
    <>
      <PageHeader title={t("navSecurity")} />
      {(mustChange || !me.totp_enrolment_required) && <PasswordChange required={mustChange} />}
      <Totp />
      {!mustChange && !me.totp_enrolment_required && <Sessions />}
    </>
  );
}

function Totp() {
  const { t } = useT();
  const { me, refresh } = useSession();
  const { notice, setNotice, fail, ok } = useNotice();
  const [uri, setUri] = useState("");
  const [qr, setQr] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");

  useEffect(() => {
    if (uri) QRCode.toDataURL(uri, { margin: 1, width: 200 }).then(setQr, fail);
  }, [uri, fail]);

  // the account's password is asked again before its second factor changes
  const start = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setUri((await api<{ uri: string }>("POST", "/editor/v1/me/totp", { password })).uri);
      setPassword("");
    } catch (error) {
      fail(error);
    }
  };
  const confirmCode = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api("POST", "/editor/v1/me/totp/confirm", { code });
      setUri("");
      ok(t("totpEnabledText"));
      await refresh();
    } catch (error) {
      fail(error);
    }
  };
  const secret = uri ? (new URL(uri).searchParams.get("secret") ?? "") : "";

  return (
    <section className="panel narrow" aria-labelledby="totp">
      <h2 id="totp">{t("totpSetup")}</h2>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      {me.editor.totp_enabled ? (
        <p>
          <Badge tone="green">{t("totpOn")}</Badge> {t("totpEnabledText")}
        </p>
      ) : (
        <>
          {me.totp_enrolment_required && <p className="notice notice-error">{t("totpRequiredText")}</p>}
          {!uri ? (
            <form className="stack" onSubmit={start}>
              <Field label={t("totpPassword")}>
                <input
                  name="totp-password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </Field>
              <button type="submit" className="primary">
                {t("totpStart")}
              </button>
            </form>
          ) : (
            <form className="stack" onSubmit={confirmCode}>
              {qr && <img className="qr" src={qr} width={200} height={200} alt={t("totpSetup")} />}
              <p className="small">
                {t("totpSecret")} <code className="secret">{secret}</code>
              </p>
              <Field label={t("totpCode")}>
                <input
                  name="code"
                  inputMode="numeric"
                  pattern="[0-9]{6}"
                  maxLength={6}
                  required
                  className="code-input"
                  value={code}
                  onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
                />
              </Field>
              <button type="submit" className="primary">
                {t("confirm")}
              </button>
            </form>
          )}
        </>
      )}
    </section>
  );
}

/** A new password (12 to 256 characters), typed twice; the API ends one's other sessions. */
function PasswordChange({ required = false }: { required?: boolean }) {
  const { t } = useT();
  const { refresh } = useSession();
  const notice = useNotice();
  const [current, setCurrent] = useState("");
  const [next, setNext] = useState("");
  const [again, setAgain] = useState("");
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (next !== again) {
      notice.setNotice({ kind: "error", text: t("passwordMismatch") });
      return;
    }
    const done = await notice.attempt(
      () => api("POST", "/editor/v1/me/password", { current, next }),
      t("passwordChanged"),
    );
    if (done !== undefined) {
      setCurrent("");
      setNext("");
      setAgain("");
      // the account is the editor's own now: the rest of the console opens
      if (required) await refresh();
    }
  };
  return (
    <FormPanel id="password" title={t("passwordTitle")} notice={notice} onSubmit={submit} submit={t("passwordSubmit")}>
      {required && <p className="notice notice-error">{t("passwordRequiredText")}</p>}
      <TextField
        label={t("passwordCurrent")}
        name="current-password"
        type="password"
        autoComplete="current-password"
        required
        value={current}
        onValue={setCurrent}
      />
      <TextField
        label={t("passwordNext")}
        hint={t("passwordHint")}
        name="new-password"
        type="password"
        autoComplete="new-password"
        minLength={12}
        maxLength={256}
        required
        value={next}
        onValue={setNext}
      />
      <TextField
        label={t("passwordAgain")}
        name="new-password-again"
        type="password"
        autoComplete="new-password"
        required
        value={again}
        onValue={setAgain}
      />
    </FormPanel>
  );
}

function Sessions() {
  const { t, lang } = useT();
  const { notice, setNotice, fail, ok } = useNotice();
  const [list, setList] = useState<Session[] | null>(null);
  const load = useCallback(async () => {
    try {
      setList((await api<{ list: Session[] }>("GET", "/editor/v1/me/sessions")).list);
    } catch (error) {
      fail(error);
    }
  }, [fail]);
  useEffect(() => {
    load();
  }, [load]);

  const revoke = async (session: Session) => {
    try {
      await api("DELETE", `/editor/v1/me/sessions/${session.id}`);
      ok(t("revokeSession"));
      load();
    } catch (error) {
      fail(error);
    }
  };

  return (
    <section className="section" aria-labelledby="sessions">
      <h2 id="sessions">{t("sessions")}</h2>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <DataTable
        label={t("sessions")}
        head={[t("device"), t("where"), t("lastSeen"), t("expiresAt"), t("actions")]}
        rows={list}
        row={(session) => (
          <tr key={session.id}>
            <td className="ua">
              {session.current && <Badge tone="blue">{t("current")}</Badge>} {session.user_agent}
            </td>
            <td className="mono">{session.ip}</td>
            <td className="nowrap">{formatTime(session.last_seen_at, lang)}</td>
            <td className="nowrap">{formatTime(session.expires_at, lang)}</td>
            <td>
              {!session.current && (
                <ConfirmButton question={t("confirmRevokeSession")} onConfirm={() => revoke(session)}>
                  {t("revokeSession")}
                </ConfirmButton>
              )}
            </td>
          </tr>
        )}
      />
    </section>
  );
}
