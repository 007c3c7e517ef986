import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pathToFileURL } from "node:url";
import { siteBase, siteBasePath } from "@davmu/contracts/site-path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Config } from "./config.ts";

/** Request header that carries the page's CSP nonce to the renderer (apps/web/app/lib/csp.ts). */
export const cspNonceHeader = "x-davmu-csp-nonce";

/**
 * Content-Security-Policy of every share page (R-SEC-XSS): scripts only from this origin or inline
 * with this response's nonce; inline styles stay allowed (the theme colour is a style attribute);
 * only this site may frame its pages (the /pc wrapper does).
 */
export function contentSecurityPolicy(nonce: string, apiOrigin = "", frameOrigins: readonly string[] = []): string {
  const connect = apiOrigin ? `'self' ${apiOrigin}` : "'self'";
  // the link popup frames same-origin pages and the configured link origins, never any origin
  const frames = ["'self'", ...frameOrigins].join(" ");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
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

async function sendResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  for (const [key, value] of response.headers) {
    if (key !== "set-cookie") reply.header(key, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header("set-cookie", cookies);
  return reply.send(response.body ? Readable.fromWeb(response.body as never) : null);
}

/** The share site: built assets under /davmu/share/ and every other path there rendered by React Router. */
export async function webPlugin(app: FastifyInstance, opts: { config: Config }) {
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
  app.route({
    method: ["GET", "HEAD", "POST"],
    url: `${siteBase}*`,
    handler: async (request, reply) => {
      const nonce = randomBytes(18).toString("base64");
      const response = await handle(toRequest(request, nonce));
      reply.header("content-security-policy", contentSecurityPolicy(nonce, apiOrigin, opts.config.linkFrameOrigins));
      reply.header("x-content-type-options", "nosniff");
      reply.header("referrer-policy", "strict-origin-when-cross-origin");
      return sendResponse(reply, response);
    },
  });
}
