import { Readable } from "node:stream";
import { cspNonceHeader } from "@davmu/contracts/site-host";
import { type CachedResponse, encodedBody, encodingFor } from "@davmu/http-cache/response-cache";
import type { FastifyReply, FastifyRequest } from "fastify";
import { encodeBursts } from "./html-stream.ts";

/**
 * Fastify ↔ Fetch: React Router takes a Fetch `Request` and answers a Fetch `Response` (decision
 * 002); Fastify's request ids, logging and `onSend` hooks apply to pages as to API calls.
 */

/**
 * Aborts when the visitor goes away before their answer is sent in full; an answer sent to its end
 * aborts nothing (an abort makes an error and wakes every listener, on every page).
 */
export function visitorGone(reply: FastifyReply): AbortSignal {
  // gone already (while the request waited for a page another render was making): no close is to come
  if (reply.raw.closed) return AbortSignal.abort();
  const controller = new AbortController();
  reply.raw.once("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}

/**
 * The Fetch request React Router renders, carrying this render's CSP nonce (and no client's), and
 * `signal`: the visitor's going away (`visitorGone`).
 */
export function toRequest(request: FastifyRequest, nonce: string, signal: AbortSignal): Request {
  const origin = `${request.protocol}://${request.host}`;
  const headers = new Headers();
  for (const [key, value] of Object.entries(request.headers)) {
    if (key === cspNonceHeader) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(key, v);
    else if (value !== undefined) headers.set(key, value);
  }
  headers.set(cspNonceHeader, nonce);
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(origin + request.url, {
    method: request.method,
    headers,
    signal,
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

/**
 * Sends a cached page through Fastify. Its stored headers are complete (security headers, its CSP
 * of script hashes, `x-cache: hit`) and built per encoding when it was stored: a hit only picks them.
 */
export function sendCached(request: FastifyRequest, reply: FastifyReply, entry: CachedResponse) {
  const { body, headers } = encodedBody(entry, encodingFor(request.headers["accept-encoding"]));
  return reply.status(entry.status).headers(headers).send(body);
}

/**
 * Sends React Router's answer. HTML is streamed burst by burst and compressed here (so the first
 * packet holds the head and the top of the page); with `keep`, the page is a candidate for the page
 * cache (`x-cache: miss`) and `keep` receives its whole body once it has been sent.
 */
export function sendResponse(
  request: FastifyRequest,
  reply: FastifyReply,
  response: Response,
  keep?: (response: Response, body: Buffer) => void,
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
  if (keep) reply.header("x-cache", "miss");
  return reply.send(encodeBursts(response.body, encoding, keep ? (body) => keep(response, body) : undefined));
}
