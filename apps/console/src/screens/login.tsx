import { type FormEvent, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { ApiError, api, setCsrfToken } from "../api.ts";
import { useT } from "../i18n.tsx";
import { Field, TextField } from "../ui.tsx";

interface LoginAnswer {
  csrf_token: string;
  totp_enrolment_required: boolean;
  password_change_required: boolean;
}

/** The API's answer when the password is right and the account has TOTP enrolled. */
const totpNeeded = "请输入两步验证码";

export function Login() {
  const { t, lang, setLang } = useT();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [step, setStep] = useState<"password" | "totp">("password");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const next = params.get("next");
  const info = params.get("expired") ? t("expired") : params.get("out") ? t("loggedOut") : "";

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError("");
    try {
      const answer = await api<LoginAnswer>(
        "POST",
        "/editor/v1/login",
        { email, password, ...(step === "totp" ? { totp: code } : {}) },
        { quietUnauthorized: true },
      );
      setCsrfToken(answer.csrf_token);
      const target =
        answer.totp_enrolment_required || answer.password_change_required
          ? "/security"
          : next?.startsWith("/") && !next.startsWith("//")
            ? next
            : "/";
      navigate(target, { replace: true });
    } catch (failure) {
      if (
        failure instanceof ApiError &&
        failure.status === 401 &&
        failure.message === totpNeeded &&
        step === "password"
      ) {
        setStep("totp");
      } else if (failure instanceof ApiError) {
        setError(failure.status === 0 ? t("network") : failure.message);
        if (step === "totp") setCode("");
      } else setError(String(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="login-page">
      <div className="login-card">
        <div className="login-brand">
          <span className="brand-mark" aria-hidden="true">
            澜
          </span>
          <span>{t("brand")}</span>
        </div>
        <h1>{step === "password" ? t("loginTitle") : t("totpTitle")}</h1>
        {info && !error && (
          <p className="notice notice-ok" role="status">
            {info}
          </p>
        )}
        {error && (
          <p className="notice notice-error" role="alert">
            {error}
          </p>
        )}
        <form onSubmit={submit} className="stack">
          {step === "password" ? (
            <>
              <TextField
                label={t("email")}
                type="email"
                name="email"
                autoComplete="username"
                required
                value={email}
                onValue={setEmail}
              />
              <TextField
                label={t("password")}
                type="password"
                name="password"
                autoComplete="current-password"
                required
                value={password}
                onValue={setPassword}
              />
            </>
          ) : (
            <Field label={t("totpHint")}>
              <input
                name="totp"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9]{6}"
                maxLength={6}
                required
                // biome-ignore lint/a11y/noAutofocus: the one field of this step
                autoFocus
                className="code-input"
                aria-label={t("totpCode")}
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ""))}
              />
            </Field>
          )}
          <button type="submit" className="primary block" disabled={busy}>
            {step === "password" ? t("login") : t("verify")}
          </button>
          {step === "totp" && (
            <button type="button" className="ghost block" onClick={() => setStep("password")}>
              {t("back")}
            </button>
          )}
        </form>
        <div className="login-foot">
          <button type="button" className="link" onClick={() => setLang(lang === "en" ? "zh-CN" : "en")}>
            {t("language")}
          </button>
        </div>
      </div>
    </div>
  );
}
