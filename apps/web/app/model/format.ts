/**
 * News formats, Chinese by default (spec §9) and English for English pages. Times are shown in China
 * Standard Time whatever the server's zone.
 */
import { defaultLang, type Lang } from "./i18n/lang.ts";

const CST_OFFSET_MS = 8 * 60 * 60 * 1000;
const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** One decimal, rounded down, without a trailing ".0": 1.25 → "1.2", 3 → "3". */
function oneDecimal(value: number): string {
  const floored = Math.floor(value * 10) / 10;
  return Number.isInteger(floored) ? String(floored) : floored.toFixed(1);
}

/**
 * Counts over 999 compactly: k for thousands, w for ten-thousands, one decimal below 10 of a unit.
 * 999 → "999", 1500 → "1.5k", 12345 → "1.2w", 123456 → "12w".
 */
export function formatCount(count: number): string {
  if (!Number.isFinite(count) || count < 0) return "0";
  const n = Math.floor(count);
  if (n <= 999) return String(n);
  if (n < 10000) return `${oneDecimal(n / 1000)}k`;
  const w = n / 10000;
  return w < 10 ? `${oneDecimal(w)}w` : `${Math.floor(w)}w`;
}

/**
 * Large numbers in 万 and 亿: 9999 → "9999", 12345 → "1.2万", 230000000 → "2.3亿"; on English pages
 * in K, M and B: 12345 → "12.3K".
 */
export function formatBigNumber(count: number, lang: Lang = defaultLang): string {
  if (!Number.isFinite(count) || count < 0) return "0";
  const n = Math.floor(count);
  if (lang === "en") {
    if (n < 1000) return String(n);
    if (n < 1000000) return `${oneDecimal(n / 1000)}K`;
    if (n < 1000000000) return `${oneDecimal(n / 1000000)}M`;
    return `${oneDecimal(n / 1000000000)}B`;
  }
  if (n < 10000) return String(n);
  if (n < 100000000) return `${oneDecimal(n / 10000)}万`;
  return `${oneDecimal(n / 100000000)}亿`;
}

interface CstParts {
  year: number;
  month: number;
  day: number;
  hour: string;
  minute: string;
}

function cst(time: number): CstParts {
  const d = new Date(time + CST_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: String(d.getUTCHours()).padStart(2, "0"),
    minute: String(d.getUTCMinutes()).padStart(2, "0"),
  };
}

function dayNumber(time: number): number {
  return Math.floor((time + CST_OFFSET_MS) / DAY);
}

function toTime(value: string | number | Date): number {
  return value instanceof Date ? value.getTime() : typeof value === "number" ? value : Date.parse(value);
}

/** "2026-11-20 08:30" in China Standard Time. */
export function formatDateTime(value: string | number | Date): string {
  const time = toTime(value);
  if (Number.isNaN(time)) return "";
  const p = cst(time);
  return `${p.year}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")} ${p.hour}:${p.minute}`;
}

const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

/** The words of relative times, per language. */
const relative = {
  "zh-CN": {
    justNow: () => "刚刚",
    minutes: (n: number) => `${n}分钟前`,
    hours: (n: number) => `${n}小时前`,
    yesterday: (hm: string) => `昨天 ${hm}`,
    days: (n: number) => `${n}天前`,
    thisYear: (p: CstParts) => `${p.month}月${p.day}日`,
    earlier: (p: CstParts) => `${p.year}年${p.month}月${p.day}日`,
  },
  en: {
    justNow: () => "just now",
    minutes: (n: number) => `${n} min ago`,
    hours: (n: number) => `${n} h ago`,
    yesterday: (hm: string) => `yesterday ${hm}`,
    days: (n: number) => `${n} days ago`,
    thisYear: (p: CstParts) => `${months[p.month - 1]} ${p.day}`,
    earlier: (p: CstParts) => `${months[p.month - 1]} ${p.day}, ${p.year}`,
  },
} satisfies Record<Lang, unknown>;

/**
 * Relative time as Chinese news apps show it: 刚刚, N分钟前, N小时前, 昨天 HH:mm, N天前 (within a week),
 * M月D日 (this year), YYYY年M月D日 (earlier years); the same steps in English on English pages.
 */
export function formatRelativeTime(
  value: string | number | Date,
  now: number = Date.now(),
  lang: Lang = defaultLang,
): string {
  const time = toTime(value);
  if (Number.isNaN(time)) return "";
  const words = relative[lang];
  const diff = now - time;
  if (diff < MINUTE) return words.justNow();
  if (diff < HOUR) return words.minutes(Math.floor(diff / MINUTE));
  const days = dayNumber(now) - dayNumber(time);
  if (diff < DAY && days === 0) return words.hours(Math.floor(diff / HOUR));
  const p = cst(time);
  if (days === 1) return words.yesterday(`${p.hour}:${p.minute}`);
  if (days < 7) return words.days(days);
  if (p.year === cst(now).year) return words.thisYear(p);
  return words.earlier(p);
}
