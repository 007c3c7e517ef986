import type { ClueStatus } from "@davmu/contracts/clue-reports";

// schema-free: read by the pages in the browser too

/** The dejin pages as router paths (under the site's base path). */
export const dejinRoutes = {
  report: (id: string) => `/dejin/detail/${id}/index.html`,
  reporter: (userId: string) => `/dejin/personal/${userId}/index.html`,
  topic: (name: string) => `/dejin/topic/${encodeURIComponent(name)}/index.html`,
  /** where a reader sends the newsroom a tip (features/tips/routes/dejin-tip.tsx) */
  tip: () => "/dejin/tip/index.html",
  pichoContent: (rid: string, uuid: string) =>
    `/dejin/content/index.html?rid=${encodeURIComponent(rid)}&uuid=${encodeURIComponent(uuid)}`,
  pichoCatalog: (rid: string, id: string) =>
    `/dejin/catalog/index.html?rid=${encodeURIComponent(rid)}&id=${encodeURIComponent(id)}`,
};

/** How the follow-up status reads on the page. */
export const statusText: Record<ClueStatus, string> = {
  pending: "待受理",
  accepted: "已受理",
  following: "跟进中",
  resolved: "已办结",
  declined: "不予受理",
};

/** Paragraphs of a report's plain text (blank lines between them). */
export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
}
