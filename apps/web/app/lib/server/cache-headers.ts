/**
 * Pages are rendered for an anonymous visitor, so the same HTML serves everyone: the server's page
 * cache may keep it for a few seconds (it passes `no-cache` on, since each page carries its own CSP).
 * Browsers always ask again.
 * A page rendered from a failed API call says `no-store`, and so does any page under such a parent.
 */
export const sharedPageSeconds = 10;

export const noStore = { "Cache-Control": "no-store" };

export function pageCacheHeaders(args: { loaderHeaders: Headers; parentHeaders: Headers }): HeadersInit {
  // a preview page (lib/server/guards.server.ts previewHeaders): private, no-store and noindex, as its loader says
  const robots = args.loaderHeaders.get("x-robots-tag");
  if (robots) return { "Cache-Control": args.loaderHeaders.get("cache-control") ?? "no-store", "X-Robots-Tag": robots };
  const refused = [args.loaderHeaders, args.parentHeaders].some((h) =>
    /\bno-store\b/.test(h.get("cache-control") ?? ""),
  );
  return { "Cache-Control": refused ? "no-store" : `public, max-age=0, s-maxage=${sharedPageSeconds}` };
}
