import { type Messages, type Translate, translator } from "../../model/i18n/messages.ts";
import { zhContent } from "../../model/i18n/messages-content.ts";
import { useI18n } from "./context.tsx";

/**
 * The content pages' `t` per dictionary, made once: every component of every render asks for one of
 * the same two or three (a page's dictionary is a module's constant), so none is made per render.
 */
const made = { en: new WeakMap<Partial<Messages>, Translate>(), zh: new WeakMap<Partial<Messages>, Translate>() };

/** `t` of the content pages: the page's dictionary, with their zh-CN strings on Chinese pages. */
export function useContentT(): Translate {
  const { lang, messages } = useI18n();
  const kept = lang === "en" ? made.en : made.zh;
  let t = kept.get(messages);
  if (!t) {
    t = translator(lang === "en" ? messages : { ...messages, ...zhContent });
    kept.set(messages, t);
  }
  return t;
}
