import { useMemo } from "react";
import { type Translate, translator } from "../../model/i18n/messages.ts";
import { zhContent } from "../../model/i18n/messages-content.ts";
import { useI18n } from "./context.tsx";

/** `t` of the content pages: the page's dictionary, with their zh-CN strings on Chinese pages. */
export function useContentT(): Translate {
  const { lang, messages } = useI18n();
  return useMemo(() => translator(lang === "en" ? messages : { ...messages, ...zhContent }), [lang, messages]);
}
