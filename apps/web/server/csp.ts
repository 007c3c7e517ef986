import { createHash, randomBytes } from "node:crypto";
import { Parser } from "htmlparser2";

/** Headers every share page carries, rendered or cached, besides its CSP (R-SEC-XSS). */
export const pageSecurityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
} as const;

const nonceBytes = 18;
/** Random bytes for the next nonces, drawn from the system's generator 256 nonces at a time. */
let noncePool = Buffer.alloc(0);
let nonceOffset = 0;

/**
 * A fresh nonce for one rendered page (144 random bits, base64). The bytes come from a pool filled
 * by the same cryptographic generator in one call for 256 pages; each is handed out once.
 */
export function createNonce(): string {
  if (nonceOffset + nonceBytes > noncePool.length) {
    noncePool = randomBytes(nonceBytes * 256);
    nonceOffset = 0;
  }
  const nonce = noncePool.toString("base64", nonceOffset, nonceOffset + nonceBytes);
  nonceOffset += nonceBytes;
  return nonce;
}

/**
 * Content-Security-Policy of every share page (R-SEC-XSS): scripts only from this origin or inline
 * with this response's nonce; inline styles stay allowed (the theme colour is a style attribute);
 * only this site may frame its pages (the /pc wrapper does).
 */
export function contentSecurityPolicy(nonce: string, apiOrigin = "", frameOrigins: readonly string[] = []): string {
  return policyWithScripts(`'nonce-${nonce}'`, apiOrigin, frameOrigins);
}

/**
 * The same policy for a page served from the page cache: its inline scripts are allowed by their
 * SHA-256 hashes, so no nonce is ever handed to more than one visitor. JSON data blocks need none.
 * Reads the whole page: call it once, when a page is kept, never per answer.
 */
export function contentSecurityPolicyForPage(
  html: string,
  apiOrigin = "",
  frameOrigins: readonly string[] = [],
): string {
  return policyWithScripts(inlineScriptHashes(html).join(" "), apiOrigin, frameOrigins);
}

/**
 * Whether a script element of this `type` is a JSON data block (the page's data): browsers never
 * run those, and CSP does not govern them. Any other type is hashed, whether it runs or not: an
 * unhashed script that runs would be blocked.
 */
function isDataBlock(type: string | undefined): boolean {
  // the type's essence: what comes before any parameter, trimmed, in any case
  const essence = (type ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return /^(?:application|text)\/(?:[\w.-]+\+)?json$/.test(essence);
}

/**
 * The CSP sources (`'sha256-…'`) of a page's inline scripts, each once, in page order. The page is
 * read by an HTML tokenizer, as a browser reads it: a `</script>` or `type=` inside an attribute
 * value, a `<script>` inside a comment, a `<textarea>` or a `<title>`, upper-case tags and unquoted
 * attributes are what they are in the page. Scripts with `src` and JSON data blocks are skipped; of a
 * repeated attribute the first counts, as in browsers.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  // the text of the inline script being read, or null outside one (or inside one that is skipped)
  let text: string | null = null;
  const parser = new Parser({
    onopentag(name, attributes) {
      if (name === "script" && attributes.src === undefined && !isDataBlock(attributes.type)) text = "";
    },
    ontext(data) {
      if (text !== null) text += data;
    },
    onclosetag(name) {
      if (name !== "script" || text === null) return;
      hashes.add(`'sha256-${createHash("sha256").update(text).digest("base64")}'`);
      text = null;
    },
  });
  parser.end(html);
  return [...hashes];
}

function policyWithScripts(inlineScripts: string, apiOrigin: string, frameOrigins: readonly string[]): string {
  const connect = apiOrigin ? `'self' ${apiOrigin}` : "'self'";
  // the link popup frames same-origin pages and the configured link origins, never any origin
  const frames = ["'self'", ...frameOrigins].join(" ");
  return [
    "default-src 'self'",
    // inline scripts: by this response's nonce, or by hash; none when a page has none
    inlineScripts ? `script-src 'self' ${inlineScripts}` : "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "media-src 'self' https: blob:",
    `connect-src ${connect}`,
    `frame-src ${frames}`,
    "frame-ancestors 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
}
