import { phonePattern } from "@davmu/contracts/values";
import { type Translate, translator, zhCN } from "./i18n/messages.ts";
import { zhAccount } from "./i18n/messages-account.ts";

/** Phone login form rules (spec §5). Pure: the popup and its tests share them. */

export const phoneLength = 11;
export const codeMaxLength = 6;
/** Seconds the get-code button waits before it can ask again (spec §9). */
export const codeCountdownSeconds = 60;

const phoneRegExp = new RegExp(phonePattern);

export type LoginMode = "phone" | "pass";

/** The digits of what was typed, at most 11. */
export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "").slice(0, phoneLength);
}

/** What the phone field shows: digits spaced 3-4-4 ("138 0013 8000"), cut to 11 digits. */
export function formatPhoneInput(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length <= 3) return digits;
  if (digits.length <= 7) return `${digits.slice(0, 3)} ${digits.slice(3)}`;
  return `${digits.slice(0, 3)} ${digits.slice(3, 7)} ${digits.slice(7)}`;
}

export function isValidPhone(input: string): boolean {
  return phoneRegExp.test(phoneDigits(input)) && input.replace(/\s/g, "").length === phoneLength;
}

/** The code field keeps digits only, at most six. */
export function sanitizeCode(input: string): string {
  return input.replace(/\D/g, "").slice(0, codeMaxLength);
}

export interface LoginForm {
  mode: LoginMode;
  phone: string;
  code: string;
  password: string;
}

/** The login button is enabled only with a valid phone and a non-empty code or password. */
export function canSubmitLogin(form: LoginForm): boolean {
  if (!isValidPhone(form.phone)) return false;
  return form.mode === "phone" ? form.code.length > 0 : form.password.length > 0;
}

export const agreementMessage = "请勾选阅读并同意《用户协议》《隐私政策》";

/** Label of the get-code button: the countdown while it runs. */
export function codeButtonLabel(secondsLeft: number, t: Translate = translator({ ...zhCN, ...zhAccount })): string {
  return secondsLeft > 0 ? t("codeCountdown", { seconds: secondsLeft }) : t("getCode");
}
