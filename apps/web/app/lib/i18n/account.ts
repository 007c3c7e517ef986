import { useMemo } from "react";
import { useI18n } from "./context.tsx";
import { type Translate, translator } from "./messages.ts";
import { zhAccount } from "./messages-account.ts";

/** `t` of the login and account sheets: the page's dictionary, with the sheets' zh-CN strings on Chinese pages. */
export function useAccountT(): Translate {
  const { lang, messages } = useI18n();
  return useMemo(() => translator(lang === "en" ? messages : { ...messages, ...zhAccount }), [lang, messages]);
}
