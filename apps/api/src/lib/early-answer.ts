import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyBaseLogger } from "fastify";

/**
 * Answers a request straight from the server's `request` event, before Fastify builds a request and a
 * reply for it, or says it cannot (false): the request then goes on to Fastify. Kept pages
 * (apps/web/server/early-answer.ts), kept content answers and the tracking beacon are answered so.
 */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What a module answering early is given by the host (apps/api/src/app.ts). */
export interface EarlyAnswerOptions {
  /** Receives the module's early answer, for the server's `request` event. */
  installEarlyAnswer?: (answer: EarlyAnswer) => void;
  /** The host's security headers as name, value pairs: the request event sets them on Fastify's answers only. */
  hostHeaders?: readonly string[];
}

/**
 * Logs an early answer as Fastify logs a request it answered ("request completed", at info), or
 * nothing when the level is above info. `started` is `performance.now()` when the request came.
 */
export function earlyAnswerLog(log: FastifyBaseLogger) {
  const on = ["trace", "debug", "info"].includes(log.level);
  return {
    completed(req: IncomingMessage, traceId: string, statusCode: number, started: number, extra = {}) {
      if (!on) return;
      log.info(
        {
          reqId: traceId,
          req: { method: req.method, url: req.url },
          res: { statusCode },
          responseTime: performance.now() - started,
          ...extra,
        },
        "request completed",
      );
    },
  };
}
