import { defaultLang, type Lang } from "./i18n/lang.ts";

/** Tracks asked for on the first render and per 加载更多 (spec §9: audio album limit 30). */
export const albumLimit = 30;

/** Album status text (R-CONTENT-2): total 0 → updating; status 0 → updated to N; else finished, N in all. */
export function albumStatusText(
  albumStatus: { status: number; total: number } | null,
  lang: Lang = defaultLang,
): string {
  if (lang === "en") {
    if (!albumStatus || albumStatus.total === 0) return "Updating";
    if (albumStatus.status === 0) return `Updated to episode ${albumStatus.total}`;
    return `Complete, ${albumStatus.total} episodes`;
  }
  if (!albumStatus || albumStatus.total === 0) return "更新中";
  if (albumStatus.status === 0) return `已更新至${albumStatus.total}集`;
  return `已完结，共${albumStatus.total}集`;
}
