import { useMemo } from "react";
import { type Translate, translator } from "../../model/i18n/messages.ts";
import { zhLists } from "../../model/i18n/messages-lists.ts";
import { useI18n } from "./context.tsx";

/** `t` of the navigation and list pages: the page's dictionary, with their zh-CN strings on Chinese pages. */
export function useListT(): Translate {
  const { lang, messages } = useI18n();
  return useMemo(() => translator(lang === "en" ? messages : { ...messages, ...zhLists }), [lang, messages]);
}
