import { type FormEvent, useCallback, useEffect, useState } from "react";
import { api, type EditorAccount, type Role } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { roleLabel } from "../layout.tsx";
import { useSession } from "../session.tsx";
import { Badge, ConfirmButton, DataTable, Field, NoticeBar, PageHeader, TextField, useNotice } from "../ui.tsx";

const roles: Role[] = ["admin", "editor", "moderator", "analyst"];

export function Accounts() {
  const { t, lang } = useT();
  const { me } = useSession();
  const { notice, setNotice, fail, ok } = useNotice();
  const [list, setList] = useState<EditorAccount[] | null>(null);
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [role, setRole] = useState<Role>("editor");
  const [totpRequired, setTotpRequired] = useState(true);
  const [issued, setIssued] = useState<{ email: string; password: string } | null>(null);

  const load = useCallback(async () => {
    try {
      setList((await api<{ list: EditorAccount[] }>("GET", "/editor/v1/editors")).list);
    } catch (error) {
      fail(error);
    }
  }, [fail]);
  useEffect(() => {
    load();
  }, [load]);

  const create = async (event: FormEvent) => {
    event.preventDefault();
    try {
      const made = await api<{ editor: EditorAccount; password: string }>("POST", "/editor/v1/editors", {
        email,
        name,
        role,
        totp_required: totpRequired,
      });
      setIssued({ email: made.editor.email, password: made.password });
      setEmail("");
      setName("");
      setNotice(null);
      load();
    } catch (error) {
      fail(error);
    }
  };

  /** A forgotten password: a new one-time password, shown here once, and every session of the account ended. */
  const resetPassword = async (account: EditorAccount, password: string) => {
    try {
      const reset = await api<{ editor: EditorAccount; password: string }>(
        "POST",
        `/editor/v1/editors/${account.id}/password`,
        { password },
      );
      setList((before) => before?.map((item) => (item.id === reset.editor.id ? reset.editor : item)) ?? null);
      setIssued({ email: reset.editor.email, password: reset.password });
      setNotice(null);
    } catch (error) {
      fail(error);
    }
  };

  const change = async (
    account: EditorAccount,
    body: Partial<Pick<EditorAccount, "role" | "disabled" | "totp_required">> & { reset_totp?: true },
  ) => {
    try {
      const changed = await api<EditorAccount>("PUT", `/editor/v1/editors/${account.id}`, body);
      setList((before) => before?.map((item) => (item.id === changed.id ? changed : item)) ?? null);
      ok(`${changed.name}：${t("saved")}`);
    } catch (error) {
      fail(error);
    }
  };

  return (
    <>
      <PageHeader title={t("navAccounts")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <section className="panel" aria-labelledby="invite">
        <h2 id="invite">{t("invite")}</h2>
        <form className="row wrap" onSubmit={create}>
          <TextField label={t("email")} grow type="email" name="email" required value={email} onValue={setEmail} />
          <TextField label={t("name")} grow name="name" required maxLength={64} value={name} onValue={setName} />
          <Field label={t("role")}>
            <RoleSelect name="role" value={role} onChange={setRole} />
          </Field>
          <label className="check-field align-end">
            <input type="checkbox" checked={totpRequired} onChange={(e) => setTotpRequired(e.target.checked)} />
            {t("totpRequired")}
          </label>
          <button type="submit" className="primary align-end">
            {t("invite")}
          </button>
        </form>
        {issued && (
          <p className="notice notice-ok" role="status">
            {issued.email} · {t("oneTimePassword")} <code className="secret">{issued.password}</code>
          </p>
        )}
      </section>
      <DataTable
        label={t("navAccounts")}
        head={[
          t("name"),
          t("email"),
          t("role"),
          t("totpSetup"),
          t("totpRequired"),
          t("status"),
          t("created"),
          t("actions"),
        ]}
        rows={list}
        row={(account) => {
          const self = account.id === me.editor.id;
          return (
            <tr key={account.id} className={account.disabled ? "dim" : ""}>
              <td className="nowrap">{account.name}</td>
              <td>{account.email}</td>
              <td>
                <RoleSelect
                  label={`${t("role")} ${account.name}`}
                  value={account.role}
                  disabled={self}
                  onChange={(next) => change(account, { role: next })}
                />
              </td>
              <td className="nowrap">
                <Badge tone={account.totp_enabled ? "green" : "gray"}>
                  {account.totp_enabled ? t("totpOn") : t("totpOff")}
                </Badge>{" "}
                {account.totp_enabled && !self && (
                  <ConfirmButton
                    question={t("confirmTotpReset", { name: account.name })}
                    onConfirm={() => change(account, { reset_totp: true })}
                  >
                    {t("totpReset")}
                  </ConfirmButton>
                )}
              </td>
              <td>
                <input
                  type="checkbox"
                  aria-label={`${t("totpRequired")} ${account.name}`}
                  checked={account.totp_required}
                  onChange={(e) => change(account, { totp_required: e.target.checked })}
                />
              </td>
              <td>
                <Badge tone={account.disabled ? "red" : "green"}>
                  {account.disabled ? t("disabled") : t("active")}
                </Badge>
                {account.password_expires_at && (
                  <>
                    {" "}
                    {Date.parse(account.password_expires_at) <= Date.now() ? (
                      <Badge tone="red">{t("passwordExpired")}</Badge>
                    ) : (
                      <Badge tone="gray">{t("passwordPending")}</Badge>
                    )}
                  </>
                )}
              </td>
              <td className="nowrap muted">{formatTime(account.created_at, lang)}</td>
              <td className="nowrap">
                {!self && (
                  <>
                    <ConfirmButton
                      className="ghost small"
                      question={t("confirmPasswordReset", { name: account.name })}
                      password={t("yourPassword")}
                      onConfirm={(password) => resetPassword(account, password)}
                    >
                      {t("passwordReset")}
                    </ConfirmButton>{" "}
                  </>
                )}
                {!self &&
                  (account.disabled ? (
                    <button type="button" className="ghost small" onClick={() => change(account, { disabled: false })}>
                      {t("enable")}
                    </button>
                  ) : (
                    <ConfirmButton
                      question={t("confirmDisable", { name: account.name })}
                      onConfirm={() => change(account, { disabled: true })}
                    >
                      {t("disable")}
                    </ConfirmButton>
                  ))}
              </td>
            </tr>
          );
        }}
      />
    </>
  );
}

/** The four roles to choose from, as their names read in the console's language. */
function RoleSelect({
  value,
  onChange,
  name,
  label,
  disabled,
}: {
  value: Role;
  onChange: (role: Role) => void;
  name?: string;
  label?: string;
  disabled?: boolean;
}) {
  const { t } = useT();
  return (
    <select
      name={name}
      aria-label={label}
      value={value}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as Role)}
    >
      {roles.map((option) => (
        <option key={option} value={option}>
          {t(roleLabel[option])}
        </option>
      ))}
    </select>
  );
}
