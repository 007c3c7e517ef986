/**
 * The moderation of readers' texts (R-MOD-1): comments, clue-report comments and live chat. Words are
 * matched on a normalised copy of the text (full-width folded, case-folded, spaces and common
 * separators removed) so "赌 博" and "ＶＸ" are caught too.
 */
export interface ModerationRules {
  /** A comment containing one of these is refused. */
  banned: string[];
  /** These are replaced by ＊ and the comment goes through. */
  masked: string[];
}

export const defaultRules: ModerationRules = {
  banned: ["赌博", "博彩", "六合彩", "代开发票", "办证", "枪支", "冰毒", "裸聊", "援交", "刷单返利"],
  masked: ["傻逼", "煞笔", "脑残", "垃圾人", "滚蛋", "妈的", "fuck", "shit"],
};

export type Verdict =
  | { action: "reject"; reason: "banned" }
  | { action: "hold"; reason: "link"; text: string }
  | { action: "publish"; text: string };

const separators = /[\s\u200b-\u200d\ufeff·.,，。、_\-*~|/\\]+/g;

function fold(text: string): string {
  return text.normalize("NFKC").toLowerCase();
}

/** Any URL-looking text: schemes, www., bare domains, and the usual ways of spelling them out. */
const linkPattern =
  /(https?:\/\/|www\.|[a-z0-9-]+\.(com|cn|net|org|top|xyz|cc|io|me|vip|shop|info|link|site|club)\b|点com|點com|wx[:：]|vx[:：]|微信号)/i;

/** Collapses whitespace runs and drops control characters; the text stays plain text. */
export function normaliseComment(raw: string): string {
  return (
    raw
      // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, "")
      .replace(/\r\n?/g, "\n")
      .replace(/[ \t\u3000]+/g, " ")
      .replace(/\n{3,}/g, "\n\n")
      .trim()
  );
}

export function moderate(text: string, rules: ModerationRules = defaultRules): Verdict {
  const compact = fold(text).replace(separators, "");
  if (rules.banned.some((word) => compact.includes(fold(word)))) return { action: "reject", reason: "banned" };
  let masked = text;
  for (const word of rules.masked) {
    const pattern = new RegExp(escapeRegExp(word), "gi");
    masked = masked.replace(pattern, (found) => "＊".repeat([...found].length));
  }
  if (linkPattern.test(fold(text))) return { action: "hold", reason: "link", text: masked };
  return { action: "publish", text: masked };
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
