import type { IncomingMessage, ServerResponse } from "node:http";
import { siteBasePath } from "@davmu/contracts/site-path";
import type { FastifyReply } from "fastify";
import helmet from "helmet";

/**
 * The security headers of every answer (helmet's, the library behind @fastify/helmet), as one flat
 * list of names and values computed once at start. The server's request event sets them on each
 * response it hands to Fastify; the answers it makes before Fastify (kept pages, kept content answers
 * and the tracking beacon, decision 039) write them in their own header list. A header an answer
 * sets itself wins: the share pages' own CSP, Referrer-Policy and X-Content-Type-Options
 * (apps/web/server/csp.ts) replace these (decision 078 for stored files).
 *
 * Everything else (the API, errors, /docs) gets a strict default policy: resources only from
 * this origin, framed only by it, no plugins, and `nosniff`. Media and API answers may be used by
 * pages of another origin (a site-only deployment), so Cross-Origin-Resource-Policy allows that.
 * HSTS and upgrade-insecure-requests are sent only when visitors reach the site over https.
 *
 * Stored files (the pictures and media under /media/, the site's and the console's built assets) are
 * never a page: the headers that only a document reads (its framing, referrer, feature and
 * cross-origin-opener policies, helmet's legacy IE switches) are left off them, about 0.6 KB of
 * headers per picture on HTTP/1.1 where a list page loads ten or more. They keep what protects a
 * file opened on its own: `nosniff`, Cross-Origin-Resource-Policy, HSTS, and a CSP that lets nothing
 * run or load and sandboxes the file (an SVG opened directly cannot script the site's origin).
 */
/**
 * The browser features no page of the site uses are refused to it and to whatever it frames (a
 * link item's page in the popup): sensors, camera and microphone (a tip's pictures come through a
 * file input, which needs none), location, payment, devices. Fullscreen (the video player) and
 * writing to the clipboard (a tip's receipt code, the deferred-link code) stay with the site itself.
 * Only features the browsers recognise are named: Chromium logs a console error on every page for one
 * it does not (`bluetooth`, which Chromium 156 no longer knows).
 */
const permissionsPolicy = [
  "accelerometer=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "hid=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "serial=()",
  "usb=()",
  "fullscreen=(self)",
  "clipboard-write=(self)",
].join(", ");

export function securityHeaderList(publicOrigin: string): string[] {
  const https = publicOrigin.startsWith("https:");
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: { upgradeInsecureRequests: https ? [] : null },
    },
    crossOriginResourcePolicy: { policy: "cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31536000, includeSubDomains: false } : false,
  });
  const headers = new Map<string, string>();
  const collector = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(", ") : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
    getHeader: (name: string) => headers.get(name.toLowerCase()),
  };
  let done = false;
  middleware({} as IncomingMessage, collector as unknown as ServerResponse, () => {
    done = true;
  });
  if (!done) throw new Error("the security headers were not computed synchronously");
  headers.set("permissions-policy", permissionsPolicy);
  return [...headers].flat();
}

/** The CSP of a stored file: nothing loads or runs in it (an SVG's inline styles excepted), nothing frames it but the site. */
export const storedFilePolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox";

/** The headers of a stored file (see above), taken from the full list so both stay in step. */
export function storedFileHeaderList(full: readonly string[]): string[] {
  const keep = new Set(["x-content-type-options", "cross-origin-resource-policy", "strict-transport-security"]);
  const list: string[] = ["content-security-policy", storedFilePolicy];
  for (let i = 0; i < full.length; i += 2) {
    if (keep.has(full[i] as string)) list.push(full[i] as string, full[i + 1] as string);
  }
  return list;
}

/** Path prefixes under which every answer is a stored file. */
export const storedFilePrefixes = ["/media/", `${siteBasePath}/assets/`, "/editor/console/assets/"] as const;

/** Whether a request's URL names a stored file (its headers are then `storedFileHeaderList`'s). */
export function isStoredFileUrl(url: string): boolean {
  for (const prefix of storedFilePrefixes) if (url.startsWith(prefix)) return true;
  return false;
}

/** The list an answer to a URL gets: a stored file's, or the full one. Both lists are made once. */
export type HeadersFor = (url: string) => readonly string[];
export function headersByPath(full: readonly string[]): HeadersFor {
  const stored = storedFileHeaderList(full);
  return (url) => (isStoredFileUrl(url) ? stored : full);
}

/** Sets the computed headers on a response (answers that set one themselves replace it). */
export function applySecurityHeaders(res: ServerResponse, list: readonly string[]): void {
  for (let i = 0; i < list.length; i += 2) res.setHeader(list[i] as string, list[i + 1] as string);
}

/**
 * Marks every cookie of an answer `Secure` (when visitors reach the site over https): a cookie
 * set by a page or the API is then never sent over plain http.
 */
export function secureCookies(reply: Pick<FastifyReply, "getHeader" | "removeHeader" | "header">): void {
  const cookies = reply.getHeader("set-cookie");
  if (cookies === undefined) return;
  const list = (Array.isArray(cookies) ? cookies : [String(cookies)]).map((cookie) =>
    /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
  );
  // Fastify appends set-cookie values: the old ones go first
  reply.removeHeader("set-cookie");
  reply.header("set-cookie", list);
}
