import { searchKeywordMaxLength } from "@davmu/contracts/limits";

export interface TextPart {
  text: string;
  hit: boolean;
}

/** The keyword as the search box gives it: trimmed, or null when empty or too long to search. */
export function searchKeyword(value: string | null): string | null {
  const keyword = (value ?? "").trim();
  if (!keyword || Array.from(keyword).length > searchKeywordMaxLength) return null;
  return keyword;
}

/** Words of a keyword to mark: its runs of letters and digits, longest first. */
function wordsOf(keyword: string): string[] {
  const runs = keyword.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(runs)].sort((a, b) => b.length - a.length);
}

/**
 * A title cut into plain and matching parts, case-insensitively, for rendering as text with <mark>:
 * the title is never parsed as HTML, so markup in it stays text.
 */
export function highlightParts(title: string, keyword: string): TextPart[] {
  const words = wordsOf(keyword);
  const lower = title.toLowerCase();
  // lower-casing that changes length (a few non-Latin letters) would misplace the marks
  if (words.length === 0 || lower.length !== title.length) return [{ text: title, hit: false }];
  const parts: TextPart[] = [];
  let plainFrom = 0;
  let at = 0;
  while (at < title.length) {
    const word = words.find((w) => lower.startsWith(w, at));
    if (!word) {
      at += 1;
      continue;
    }
    if (at > plainFrom) parts.push({ text: title.slice(plainFrom, at), hit: false });
    const last = parts[parts.length - 1];
    // neighbouring words read as one mark
    if (last?.hit && at === plainFrom) last.text += title.slice(at, at + word.length);
    else parts.push({ text: title.slice(at, at + word.length), hit: true });
    at += word.length;
    plainFrom = at;
  }
  if (plainFrom < title.length) parts.push({ text: title.slice(plainFrom), hit: false });
  return parts;
}
