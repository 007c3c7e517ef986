import { createHash } from "node:crypto";
import { createRequire } from "node:module";
import sanitizeHtml from "sanitize-html";

const options: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "h2",
    "h3",
    "h4",
    "strong",
    "b",
    "em",
    "i",
    "u",
    "s",
    "sub",
    "sup",
    "blockquote",
    "ul",
    "ol",
    "li",
    "figure",
    "figcaption",
    "img",
    "a",
    "span",
    "hr",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "video",
    "audio",
    "source",
  ],
  allowedAttributes: {
    // rel, target and loading are set by transformTags below
    a: ["href", "title", "rel", "target"],
    img: ["src", "alt", "width", "height", "loading"],
    video: ["src", "poster", "controls", "width", "height"],
    audio: ["src", "controls"],
    source: ["src", "type"],
    td: ["colspan", "rowspan"],
    th: ["colspan", "rowspan"],
  },
  allowedSchemes: ["http", "https"],
  allowedSchemesByTag: { img: ["http", "https", "data"] },
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};

/**
 * How many sanitized bodies are kept, the longest body kept and the characters kept in all (bodies
 * and their sanitized forms: about 8 MB at two bytes a character).
 */
export const sanitizedKept = { entries: 128, maxLength: 256 * 1024, maxCharacters: 4 * 1024 * 1024 } as const;
const sanitized = new Map<string, string>();
let keptCharacters = 0;

function forget(html: string) {
  const clean = sanitized.get(html);
  if (clean === undefined) return;
  sanitized.delete(html);
  keptCharacters -= html.length + clean.length;
}

/**
 * Article HTML from the database passes through an allowlist before it leaves the server. The answer
 * depends on the HTML alone, so the last bodies sanitized are kept by their text (the least recently
 * used dropped first, bounded in number and in characters): an item read again uncached (a signed-in
 * reader, a preview) costs a lookup rather than a parse. An edited body is other text, so it is
 * sanitized anew.
 */
export function sanitizeArticleHtml(html: string): string {
  const kept = sanitized.get(html);
  if (kept !== undefined) {
    sanitized.delete(html);
    sanitized.set(html, kept);
    return kept;
  }
  const clean = sanitizeHtml(html, options);
  if (html.length <= sanitizedKept.maxLength) {
    sanitized.set(html, clean);
    keptCharacters += html.length + clean.length;
    for (const oldest of sanitized.keys()) {
      if (sanitized.size <= sanitizedKept.entries && keptCharacters <= sanitizedKept.maxCharacters) break;
      forget(oldest);
    }
  }
  return clean;
}

/**
 * The version of the rules above. Raise it whenever they change: every stored body cleaned by an
 * older version is then cleaned again as it is read, until it is written anew (decisions 090, 091).
 */
export const articleSanitizerVersion = 1;

/** The cleaning library's own version: a new one may clean differently, whatever the rules say. */
const sanitizeHtmlVersion = (createRequire(import.meta.url)("sanitize-html/package.json") as { version: string })
  .version;

/**
 * What a seal binds besides the body: the rules' version and the cleaning library's, then a newline.
 * Raising either, or upgrading `sanitize-html`, unseals every stored body (cleaned on read until
 * `npm run db:clean-bodies` seals them again).
 */
export const articleBodySealPrefix = `${articleSanitizerVersion}/sanitize-html@${sanitizeHtmlVersion}\n`;

/**
 * The seal of a body this version cleaned (decision 091): SHA-256 of the prefix and the body, so a body
 * changed by any writer that did not clean it (by hand, by a release from before, under older rules or
 * another version of the library) no longer matches its seal. About 8 µs for a body of 5 KB, against
 * 310 µs to clean it.
 */
export function articleBodySeal(html: string): string {
  return createHash("sha256").update(articleBodySealPrefix).update(html).digest("base64url");
}

/** An article body as it is stored: cleaned as it is written, with the version that cleaned it and its seal. */
export function storedArticleBody(html: string): {
  body_html: string;
  body_clean_version: number;
  body_clean_seal: string;
} {
  const body = sanitizeHtml(html, options);
  return { body_html: body, body_clean_version: articleSanitizerVersion, body_clean_seal: articleBodySeal(body) };
}

/** Whether a stored body is the one this version of the rules cleaned and sealed as it was written. */
export const isSealedArticleBody = (html: string, seal: string): boolean =>
  seal !== "" && seal === articleBodySeal(html);

/**
 * A stored body as it is served (decisions 090, 091): as stored when its seal says this version of the
 * rules cleaned this very body as it was written; otherwise (a row written before, by hand or by an
 * older release, or under older rules; a draft's body) cleaned now, as every body was before.
 */
export function servedArticleBody(html: string, seal: string): string {
  return isSealedArticleBody(html, seal) ? html : sanitizeArticleHtml(html);
}

/** What is kept now (tests): how many bodies, their characters, and whether a body is among them. */
export const sanitizedKeptNow = () => ({ count: sanitized.size, characters: keptCharacters });
export const isSanitizedKept = (html: string) => sanitized.has(html);
