import { useMemo } from "react";
import { type Translate, translator } from "../../model/i18n/messages.ts";
import { zhAccount } from "../../model/i18n/messages-account.ts";
import { useI18n } from "./context.tsx";

/** `t` of the login and account sheets: the page's dictionary, with the sheets' zh-CN strings on Chinese pages. */
export function useAccountT(): Translate {
  const { lang, messages } = useI18n();
  return useMemo(() => translator(lang === "en" ? messages : { ...messages, ...zhAccount }), [lang, messages]);
}
