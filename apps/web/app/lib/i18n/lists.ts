import { useMemo } from "react";
import { useI18n } from "./context.tsx";
import { type Translate, translator } from "./messages.ts";
import { zhLists } from "./messages-lists.ts";

/** `t` of the navigation and list pages: the page's dictionary, with their zh-CN strings on Chinese pages. */
export function useListT(): Translate {
  const { lang, messages } = useI18n();
  return useMemo(() => translator(lang === "en" ? messages : { ...messages, ...zhLists }), [lang, messages]);
}
