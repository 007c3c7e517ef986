/**
 * Pages are rendered for an anonymous visitor, so the same HTML serves everyone: the server's page
 * cache may keep it for a few seconds (it passes `no-cache` on, since each page carries its own CSP).
 * Browsers always ask again.
 * A page rendered from a failed API call says `no-store`, and so does any page under such a parent.
 */
export const sharedPageSeconds = 10;

export const noStore = { "Cache-Control": "no-store" };

export function pageCacheHeaders(args: { loaderHeaders: Headers; parentHeaders: Headers }): HeadersInit {
  const refused = [args.loaderHeaders, args.parentHeaders].some((h) =>
    /\bno-store\b/.test(h.get("cache-control") ?? ""),
  );
  return { "Cache-Control": refused ? "no-store" : `public, max-age=0, s-maxage=${sharedPageSeconds}` };
}
