import { siteBasePath } from "@davmu/contracts/site-path";

/**
 * Pure helpers of the community pages (circles and law Q&A, decision 035): where their pages are and
 * how a post's pictures are laid out. Shared by the server and the browser; no schema code.
 */

/** The share routes carry no id in their path: ids (and the hashtag) go in the query. */
export const communityPaths = {
  circle: (id: string) => `${siteBasePath}/dimim/circle/index.html?id=${encodeURIComponent(id)}`,
  post: (id: string) => `${siteBasePath}/dimim/content/index.html?id=${encodeURIComponent(id)}`,
  topic: (name: string, circle?: string | null) =>
    `${siteBasePath}/dimim/topic/index.html?name=${encodeURIComponent(name)}${
      circle ? `&circle=${encodeURIComponent(circle)}` : ""
    }`,
  question: (id: string) => `${siteBasePath}/fazak/problemShare/index.html?id=${encodeURIComponent(id)}`,
};

/** How a post's pictures are laid out, as Chinese social apps do: one large, a row of two, or a 3-column grid. */
export type PictureLayout = "single" | "pair" | "grid";

export function pictureLayout(count: number): PictureLayout {
  if (count <= 1) return "single";
  if (count === 2 || count === 4) return "pair";
  return "grid";
}

/** The box of a single picture: its own shape, but never taller than 4:3 upright nor wider than 16:9. */
export function singlePictureRatio(width: number, height: number): number {
  const ratio = width > 0 && height > 0 ? height / width : 1;
  return Math.min(Math.max(ratio, 9 / 16), 4 / 3);
}

/** A short description of a post for its card and list: its first line, at most `max` characters. */
export function postSummary(text: string, max = 60): string {
  const first = text.trim().split(/\n/)[0] ?? "";
  const chars = Array.from(first);
  return chars.length > max ? `${chars.slice(0, max).join("")}…` : first;
}

/** The next index of the picture viewer, wrapping at both ends. */
export function stepIndex(index: number, step: number, count: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}
