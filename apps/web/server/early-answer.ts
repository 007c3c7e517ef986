import { randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { siteBase } from "@davmu/contracts/site-path";
import type { BuiltFiles } from "@davmu/http-cache/built-files";
import { type CachedResponse, encodedBody, encodingFor } from "@davmu/http-cache/response-cache";
import type { FastifyBaseLogger } from "fastify";
import type { PageCache } from "./page-cache.ts";

/**
 * Answers a request straight from the server's `request` event, before Fastify builds a request and a
 * reply for it, or says it cannot (false): the request then goes on to Fastify.
 */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/**
 * Cached pages are answered from the server's `request` event (decision 011): no Fastify request,
 * reply, hooks or logger child is made for them, as a cache in front of the server would. The
 * answer carries the same headers as one sent through Fastify (length included), a request id of
 * its own, and is logged the same way (at info). Anything unexpected leaves the request to Fastify.
 *
 * A hit only looks up and writes: its headers, per encoding, were built when the page was kept.
 */
export function createEarlyAnswer(pages: Pick<PageCache, "cachedPage">, log: FastifyBaseLogger): EarlyAnswer {
  const { cachedPage } = pages;
  const completed = requestLog(log);
  return (req, res) => {
    if (!req.url?.startsWith(siteBase)) return false;
    const started = completed ? performance.now() : 0;
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
      log.error({ err: error, req: { method: req.method, url: req.url } }, "cached page not sent");
      // Fastify answers it with a status line of its own
      res.statusCode = 200;
      res.statusMessage = "";
      return false;
    }
    completed?.(req, traceId, hit.status, started, { cache: "hit" });
    return true;
  };
}

/**
 * The site's and the console's built files from memory (decision 103), logged as Fastify logs a
 * request it answered.
 */
export function createBuiltFileAnswer(files: Pick<BuiltFiles, "answer">, log: FastifyBaseLogger): EarlyAnswer {
  const completed = requestLog(log);
  return (req, res) => {
    const started = completed ? performance.now() : 0;
    const traceId = randomUUID();
    const status = files.answer(req, res, traceId);
    if (status === 0) return false;
    completed?.(req, traceId, status, started);
    return true;
  };
}

/** "request completed" at info, as Fastify logs an answer; null when the level is above info. */
function requestLog(log: FastifyBaseLogger) {
  if (!["trace", "debug", "info"].includes(log.level)) return null;
  return (req: IncomingMessage, reqId: string, statusCode: number, started: number, extra = {}) =>
    log.info(
      {
        reqId,
        req: { method: req.method, url: req.url },
        res: { statusCode },
        responseTime: performance.now() - started,
        ...extra,
      },
      "request completed",
    );
}
