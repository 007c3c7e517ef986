import { useMemo } from "react";
import { useI18n } from "./context.tsx";
import { type Translate, translator } from "./messages.ts";
import { zhContent } from "./messages-content.ts";

/** `t` of the content pages: the page's dictionary, with their zh-CN strings on Chinese pages. */
export function useContentT(): Translate {
  const { lang, messages } = useI18n();
  return useMemo(() => translator(lang === "en" ? messages : { ...messages, ...zhContent }), [lang, messages]);
}
