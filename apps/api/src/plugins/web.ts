import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from "node:http";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { siteBase, siteBasePath } from "@davmu/contracts/site-path";
import { type CachedResponse, createResponseCache, encodedBody, encodingFor } from "@davmu/http-cache/response-cache";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import { encodeBursts } from "../lib/html-stream.ts";
import type { Config } from "./config.ts";

/**
 * Answers a request straight from the server's `request` event, before Fastify builds a request and a
 * reply for it, or says it cannot (false): the request then goes on to Fastify.
 */
export type FrontAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/** A request as far as the page cache looks at it: Fastify's, or the raw one of the `request` event. */
interface PageRequest {
  method?: string;
  url?: string;
  headers: IncomingHttpHeaders;
}

/** What the site needs of a request to tell which visitors may share its page. */
export interface VariantRequest {
  url: string;
  headers: { get(name: string): string | null };
}
/** The site's own word on how a request's page may be shared between visitors (see entry.server.tsx). */
type CacheVariant = (request: VariantRequest) => string | null;

/** Longest a rendered page is served from the cache, whatever the page asks for. */
const pageCacheMaxTtlMs = 60_000;
/**
 * How long after it expires a page may still be served while one visitor's request renders it anew
 * (stale while revalidate): the other visitors meanwhile never wait for a render.
 */
const pageCacheStaleMs = 10_000;
/** Every page lists or shows content: a change to any content item drops them all. */
export const contentTag = "content";

/** Headers every share page carries, rendered or cached, besides its CSP (R-SEC-XSS). */
const pageSecurityHeaders = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
} as const;

/** Request header that carries the page's CSP nonce to the renderer (apps/web/app/lib/csp.ts). */
export const cspNonceHeader = "x-davmu-csp-nonce";

/**
 * Content-Security-Policy of every share page (R-SEC-XSS): scripts only from this origin or inline
 * with this response's nonce; inline styles stay allowed (the theme colour is a style attribute);
 * only this site may frame its pages (the /pc wrapper does).
 */
export function contentSecurityPolicy(nonce: string, apiOrigin = "", frameOrigins: readonly string[] = []): string {
  return policyWithScripts(`'nonce-${nonce}'`, apiOrigin, frameOrigins);
}

/** A tag's attributes by lower-case name, read in order (a quoted value is never read as attributes). */
function attributesOf(tag: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name = "", double, single, bare] of tag.matchAll(
    /([^\s"'>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g,
  )) {
    const key = name.toLowerCase();
    // as in HTML, the first of a repeated attribute counts
    if (!attributes.has(key)) attributes.set(key, double ?? single ?? bare ?? "");
  }
  return attributes;
}

/**
 * Whether a script element is a JSON data block (the page's data): browsers never run those, and CSP
 * does not govern them. Any other type is hashed, whether it runs or not: an unhashed script that runs
 * would be blocked.
 */
function isDataBlock(attributes: Map<string, string>): boolean {
  const essence = (attributes.get("type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
  return /^(?:application|text)\/(?:[\w.-]+\+)?json$/.test(essence);
}

/**
 * The same policy for a page served from the page cache: its inline scripts are allowed by their
 * SHA-256 hashes, so no nonce is ever handed to more than one visitor. JSON data blocks need none.
 */
export function contentSecurityPolicyForPage(
  html: string,
  apiOrigin = "",
  frameOrigins: readonly string[] = [],
): string {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = attributesOf(match[1] ?? "");
    if (attributes.has("src") || isDataBlock(attributes)) continue;
    hashes.add(
      `'sha256-${createHash("sha256")
        .update(match[2] ?? "")
        .digest("base64")}'`,
    );
  }
  return policyWithScripts([...hashes].join(" "), apiOrigin, frameOrigins);
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

function toRequest(request: FastifyRequest, nonce: string): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === cspNonceHeader) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  headers.set(cspNonceHeader, nonce);
  const controller = new AbortController();
  request.raw.once("close", () => {
    if (!request.raw.complete || request.raw.destroyed) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(origin + request.url, {
    method: request.method,
    headers,
    signal: controller.signal,
    body: hasBody ? (Readable.toWeb(request.raw) as ReadableStream) : undefined,
    // @ts-expect-error Node's fetch needs duplex for a streamed body
    duplex: hasBody ? "half" : undefined,
  });
}

function copyHeaders(reply: FastifyReply, response: Response) {
  for (const [key, value] of response.headers) {
    if (key !== "set-cookie") reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
}

/** Seconds a shared cache may keep the response (`s-maxage`), or null when it must not be shared. */
export function sharedMaxAge(response: Response): number | null {
  if (response.status !== 200 || response.headers.has("set-cookie")) return null;
  if (!response.headers.get("content-type")?.startsWith("text/html")) return null;
  const cacheControl = response.headers.get("cache-control") ?? "";
  if (/\b(private|no-store|no-cache)\b/i.test(cacheControl)) return null;
  const match = /\bs-maxage=(\d+)/i.exec(cacheControl);
  return match ? Number(match[1]) : null;
}

/** Only visitors who carry no credentials share pages: a token or any cookie keeps a request out. */
function anonymous(request: PageRequest): boolean {
  return request.headers.authorization === undefined && request.headers.cookie === undefined;
}

/**
 * Sends a cached page. Its stored headers are complete (security headers, its CSP of script hashes,
 * `x-cache: hit`) and built per encoding when it was stored: a hit only picks them.
 */
function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  const { body, headers } = encodedBody(entry, encodingFor(request.headers["accept-encoding"]));
  return reply.status(entry.status).headers(headers).send(body);
}

/**
 * Sends React Router's answer. HTML is streamed burst by burst and compressed here (so the first
 * packet holds the head and the top of the page); a page the site marks shareable (`s-maxage`) is
 * kept for the next anonymous visitor once it has been sent.
 */
function sendResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  store?: (response: Response, body: Buffer) => void,
) {
  reply.status(response.status);
  copyHeaders(reply, response);
  if (!response.body) return reply.send(null);
  if (!response.headers.get("content-type")?.startsWith("text/html")) {
    return reply.send(Readable.fromWeb(response.body as never));
  }
  const encoding = encodingFor(request.headers["accept-encoding"]);
  reply.header("vary", "Accept-Encoding");
  if (encoding !== "identity") reply.header("content-encoding", encoding);
  if (store) reply.header("x-cache", "miss");
  return reply.send(encodeBursts(response.body, encoding, store ? (body) => store(response, body) : undefined));
}

/** The share site: built assets under /davmu/share/ and every other path there rendered by React Router. */
export async function webPlugin(
  app: FastifyInstance,
  opts: { config: Config; installFront?: (answer: FrontAnswer) => void },
) {
  const serverEntry = join(opts.config.webBuildDir, "server", "index.js");
  const clientDir = join(opts.config.webBuildDir, "client");
  if (!existsSync(serverEntry)) {
    throw new Error(
      `the share site is not built (${serverEntry} is missing): run "npm run build" first, or set SERVE_WEB=false`,
    );
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  const handle = createRequestHandler(build, opts.config.env === "development" ? "development" : "production");
  const apiOrigin = opts.config.publicApiBase ? new URL(opts.config.publicApiBase).origin : "";
  const siteEntry = build.entry.module as { cacheVariant?: CacheVariant; contentChanged?: () => void };
  const cacheVariant = siteEntry.cacheVariant;
  const cache = createResponseCache({ maxEntries: 500, ttlMs: pageCacheMaxTtlMs, staleMs: pageCacheStaleMs });
  // the variant depends on a few request traits only: remember it per user agent and frame state
  const variants = new Map<string, string | null>();
  function variantOf(request: PageRequest): string | null {
    if (!cacheVariant) return null;
    const url = request.url ?? "";
    const framed = url.includes("pc_frame");
    const userAgent = request.headers["user-agent"] ?? "";
    const dest = request.headers["sec-fetch-dest"] ?? "";
    const memo = `${framed}\n${dest}\n${userAgent}`;
    let variant = variants.get(memo);
    if (variant === undefined) {
      variant = cacheVariant({
        url: `http://site${url}`,
        headers: { get: (name) => request.headers[name.toLowerCase()]?.toString() ?? null },
      });
      if (variants.size >= 1000) variants.clear();
      variants.set(memo, variant);
    }
    return variant;
  }
  if (app.hasDecorator("contentChanges")) {
    app.contentChanges.subscribe(() => {
      siteEntry.contentChanged?.();
      cache.invalidate(contentTag);
    });
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: siteBase,
    wildcard: false,
    index: false,
    decorateReply: false,
    setHeaders(reply, path) {
      if (path.includes(join("client", "assets"))) reply.header("cache-control", "public, max-age=31536000, immutable");
    },
  });

  // leave request bodies unread: React Router reads them from the raw stream
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", (_request, _payload, done) => done(null, undefined));

  app.get(siteBasePath, (request, reply) => {
    const query = request.url.includes("?") ? request.url.slice(request.url.indexOf("?")) : "";
    return reply.redirect(siteBase + query, 301);
  });
  /** The page cache's key for a request, or null when its page may not be shared. */
  function pageKey(request: PageRequest): string | null {
    if (request.method !== "GET" || !anonymous(request)) return null;
    const variant = variantOf(request);
    return variant === null ? null : `${variant} ${request.url}`;
  }

  // pages being rendered for the cache, by key: a popular page is rendered by one request at a time
  const rendering = new Map<string, Promise<void>>();

  /**
   * The cached page to answer a request with, if any. An expired page is rendered anew by the first
   * request that finds it; until that render is stored, the others are sent the expired one (never
   * after a content change: that drops it).
   */
  function cachedPage(request: PageRequest): CachedResponse | undefined {
    const key = pageKey(request);
    if (key === null) return undefined;
    const hit = cache.get(key, { stale: true });
    return hit && (hit.expiresAt > Date.now() || rendering.has(key)) ? hit : undefined;
  }

  /**
   * Cached pages are answered from the server's `request` event (decision 011): no Fastify request,
   * reply, hooks or logger child is made for them, as a cache in front of the server would. The
   * answer carries the same headers as one sent through Fastify (length included), a request id of
   * its own, and is logged the same way (at info). Anything unexpected leaves the request to Fastify.
   */
  const logHits = ["trace", "debug", "info"].includes(app.log.level);
  opts.installFront?.((req, res) => {
    if (!req.url?.startsWith(siteBase)) return false;
    const started = logHits ? performance.now() : 0;
    let hit: CachedResponse | undefined;
    let traceId: string;
    try {
      hit = cachedPage(req);
      if (!hit) return false;
      const { body, headerList } = encodedBody(hit, encodingFor(req.headers["accept-encoding"]));
      traceId = randomUUID();
      res.writeHead(hit.status, [...headerList, "x-trace-id", traceId]);
      res.end(body);
    } catch (error) {
      if (res.headersSent) throw error;
      app.log.error({ err: error, req: { method: req.method, url: req.url } }, "cached page not sent");
      // Fastify answers it with a status line of its own
      res.statusCode = 200;
      res.statusMessage = "";
      return false;
    }
    if (logHits)
      app.log.info(
        {
          reqId: traceId,
          req: { method: req.method, url: req.url },
          res: { statusCode: hit.status },
          responseTime: performance.now() - started,
          cache: "hit",
        },
        "request completed",
      );
    return true;
  });

  /**
   * Requests that reach Fastify (injected ones, or a server without the front answer): a cached page
   * is answered as soon as the request is routed (onRequest), before the other per-request hooks.
   */
  function answerFromCache(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const hit = cachedPage(request);
    if (hit) sendCached(request, reply, hit);
    else done();
  }

  app.route({
    method: ["GET", "HEAD", "POST"],
    url: `${siteBase}*`,
    onRequest: answerFromCache,
    handler: async (request, reply) => {
      reply.headers(pageSecurityHeaders);
      const key = pageKey(request);
      // a page not in the cache yet (or dropped by a change) that another request is rendering:
      // wait for it rather than rendering it again
      if (key !== null) {
        const pending = rendering.get(key);
        if (pending) {
          await pending;
          const hit = cache.get(key);
          if (hit) return sendCached(request, reply, hit);
        }
      }
      let release = () => {};
      // set once the page is being compressed for the cache: its waiters go on when it is kept
      let storing = false;
      if (key !== null && !rendering.has(key)) {
        const settled = new Promise<void>((resolve) => {
          release = () => {
            if (rendering.get(key) === settled) rendering.delete(key);
            resolve();
          };
        });
        rendering.set(key, settled);
        // however this answer ends (not shareable, failed, visitor gone), the waiters go on; a page
        // being kept lets them go once it is
        reply.raw.once("close", () => {
          if (!storing) release();
        });
      }
      // a change to content while this page renders may not be in it: it is then sent, not stored
      const generation = cache.generation;
      const nonce = randomBytes(18).toString("base64");
      let response: Response;
      try {
        response = await handle(toRequest(request, nonce));
      } catch (error) {
        release();
        throw error;
      }
      reply.header("content-security-policy", contentSecurityPolicy(nonce, apiOrigin, opts.config.linkFrameOrigins));
      const maxAge = key === null ? null : sharedMaxAge(response);
      // the page cache here is the only shared one: a cache in front must not hand this response's
      // nonce to other visitors, so the permission to share goes no further
      if (/\bs-maxage=/i.test(response.headers.get("cache-control") ?? ""))
        response.headers.set("cache-control", "no-cache");
      if (key === null || maxAge === null || maxAge <= 0) {
        release();
        return sendResponse(request, reply, response);
      }
      const store = (sent: Response, body: Buffer) => {
        const unchanged = () => cache.generation === generation;
        if (!unchanged()) return release();
        storing = true;
        const headers: Record<string, string> = { ...pageSecurityHeaders };
        for (const [name, value] of sent.headers) headers[name] = value;
        // later visitors get a policy of script hashes: this response's nonce is never reused
        headers["content-security-policy"] = contentSecurityPolicyForPage(
          body.toString("utf8"),
          apiOrigin,
          opts.config.linkFrameOrigins,
        );
        headers["x-cache"] = "hit";
        // compressed off the event loop; visitors waiting for this render are answered once it is kept
        cache
          .store(key, { status: sent.status, headers, body, tags: [contentTag] }, maxAge * 1000, unchanged)
          .catch((error: unknown) => request.log.error({ err: error }, "page not kept"))
          .finally(release);
      };
      return sendResponse(request, reply, response, store);
    },
  });
}
