import { createContext, type ReactNode, useContext, useMemo } from "react";
import { defaultLang, type Lang } from "../../model/i18n/lang.ts";
import { type Messages, setActiveMessages, type Translate, translator, zhCN } from "../../model/i18n/messages.ts";

interface I18n {
  lang: Lang;
  messages: Partial<Messages>;
  t: Translate;
}

const fallback: I18n = { lang: defaultLang, messages: zhCN, t: translator(zhCN) };
const I18nContext = createContext<I18n>(fallback);

/** The page's language and dictionary (from the root loader); zh-CN outside a provider. */
export function I18nProvider(props: { lang: Lang; messages: Messages | null; children: ReactNode }) {
  const messages: Partial<Messages> = props.messages ?? zhCN;
  const value = useMemo(() => ({ lang: props.lang, messages, t: translator(messages) }), [props.lang, messages]);
  // toasts raised outside React read the same dictionary; the server never shares one between requests
  if (typeof document !== "undefined") setActiveMessages(messages);
  return <I18nContext.Provider value={value}>{props.children}</I18nContext.Provider>;
}

export function useI18n(): I18n {
  return useContext(I18nContext);
}

export function useT(): Translate {
  return useContext(I18nContext).t;
}
