import { ErrorCode } from "@davmu/contracts/error-codes";
import { siteBase } from "@davmu/contracts/site-path";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { CloseIcon } from "../../components/icons.tsx";
import { Sheet } from "../../components/Sheet.tsx";
import { login } from "../../lib/account.ts";
import { type Countdown, createCountdown } from "../../lib/countdown.ts";
import { useAccountT } from "../../lib/i18n/account.ts";
import { useSession } from "../../lib/session.tsx";
import { useSite } from "../../lib/site-context.tsx";
import { toast } from "../../lib/toast.ts";
import {
  canSubmitLogin,
  codeButtonLabel,
  codeCountdownSeconds,
  codeMaxLength,
  formatPhoneInput,
  isValidPhone,
  type LoginMode,
  phoneDigits,
  sanitizeCode,
} from "../../model/login.ts";

export interface LoginPopupProps {
  onClose(): void;
  /** False: drawn hidden, for the page to show at a tap while the host sleeps (decision 077). */
  open?: boolean;
}

/** Phone login (R-UI-LOGIN): by SMS code or by password, as a bottom sheet. */
export function LoginPopup({ onClose, open = true }: LoginPopupProps) {
  const session = useSession();
  const { site } = useSite();
  const t = useAccountT();
  const [mode, setMode] = useState<LoginMode>("phone");
  const [phone, setPhone] = useState("");
  const [code, setCode] = useState("");
  const [password, setPassword] = useState("");
  const [agreed, setAgreed] = useState(false);
  const [secondsLeft, setSecondsLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const phoneRef = useRef<HTMLInputElement>(null);
  const codeRef = useRef<HTMLInputElement>(null);
  const countdown = useRef<Countdown | null>(null);
  const live = useRef(true);

  useEffect(() => {
    live.current = true;
    countdown.current = createCountdown(setSecondsLeft);
    return () => {
      live.current = false;
      countdown.current?.stop();
    };
  }, []);

  const phoneOk = isValidPhone(phone);
  const canSubmit = canSubmitLogin({ mode, phone, code, password }) && !submitting;

  async function sendCode() {
    if (sending || secondsLeft > 0) return;
    if (!phoneOk) {
      toast(t("phoneInvalid"));
      phoneRef.current?.focus();
      return;
    }
    setSending(true);
    try {
      const answer = await session.api().client.vcode({ query: { tel: phoneDigits(phone), type: 6 } });
      if (!live.current) return;
      if (answer.code === ErrorCode.ok) {
        toast(t("codeSent"));
        countdown.current?.start(answer.data.resend_after || codeCountdownSeconds);
        codeRef.current?.focus();
      } else {
        toast(answer.msg || t("networkError"));
      }
    } catch {
      toast(t("networkError"));
    } finally {
      if (live.current) setSending(false);
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSubmit) return;
    if (!agreed) {
      toast(t("agreementRequired"));
      return;
    }
    setSubmitting(true);
    const { client, values } = session.api();
    const credential = mode === "phone" ? { verify_code: code } : { password };
    const result = await login(client, values, phoneDigits(phone), credential);
    if (!live.current) return;
    setSubmitting(false);
    if (!result.ok) {
      toast(result.msg);
      return;
    }
    session.signedIn(result.value);
    toast(t("loginSuccess"));
    onClose();
  }

  return (
    <Sheet
      labelledBy="login-title"
      className="login"
      testId="login-popup"
      onClose={onClose}
      initialFocus={phoneRef}
      open={open}
    >
      <button type="button" className="sheet-close" aria-label={t("close")} onClick={onClose}>
        <CloseIcon />
      </button>
      <h2 id="login-title" className="login-title">
        {t("loginTo", { site: site.name })}
      </h2>
      <p className="login-sub">{mode === "phone" ? t("loginAutoRegister") : t("loginWithPassword")}</p>
      <div className="login-tabs">
        {(["phone", "pass"] as const).map((m) => (
          <button
            key={m}
            type="button"
            className={m === mode ? "login-tab is-active" : "login-tab"}
            aria-pressed={m === mode}
            onClick={() => setMode(m)}
          >
            {m === "phone" ? t("loginByCode") : t("loginByPassword")}
          </button>
        ))}
      </div>
      <form className="login-form" onSubmit={submit} noValidate>
        <div className="login-field">
          <span className="login-prefix" aria-hidden="true">
            +86
          </span>
          <input
            ref={phoneRef}
            type="tel"
            name="phone"
            inputMode="numeric"
            autoComplete="tel-national"
            aria-label={t("phone")}
            placeholder={t("phonePlaceholder")}
            maxLength={13}
            value={phone}
            onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
          />
        </div>
        {mode === "phone" ? (
          <div className="login-field">
            <input
              ref={codeRef}
              type="text"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              aria-label={t("code")}
              placeholder={t("codePlaceholder")}
              maxLength={codeMaxLength}
              value={code}
              onChange={(e) => setCode(sanitizeCode(e.target.value))}
            />
            <button
              type="button"
              className={phoneOk && secondsLeft === 0 ? "login-code is-ready" : "login-code"}
              disabled={sending || secondsLeft > 0}
              onClick={sendCode}
            >
              {codeButtonLabel(secondsLeft, t)}
            </button>
          </div>
        ) : (
          <div className="login-field">
            <input
              type="password"
              name="password"
              autoComplete="current-password"
              aria-label={t("password")}
              placeholder={t("passwordPlaceholder")}
              maxLength={128}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          </div>
        )}
        <button type="submit" className="login-submit" disabled={!canSubmit}>
          {submitting ? t("loggingIn") : t("login")}
        </button>
        <label className="login-agree">
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />
          <span>
            {t("agreePrefix")}
            <a href={`${siteBase}agreement/user`} target="_blank" rel="noopener">
              {t("userAgreement")}
            </a>
            {t("agreeAnd")}
            <a href={`${siteBase}agreement/privacy`} target="_blank" rel="noopener">
              {t("privacyPolicy")}
            </a>
          </span>
        </label>
      </form>
    </Sheet>
  );
}
