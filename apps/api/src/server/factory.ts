import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { Config } from "../plugins/config.ts";
import { applySecurityHeaders, type HeadersFor } from "../plugins/security-headers.ts";
import type { EarlyAnswerChain } from "./early-answers.ts";
import type { ShutdownState } from "./shutdown.ts";

/**
 * The HTTP server Fastify runs on: its timeouts, and its request event, where the early answers are
 * tried before a request goes to Fastify.
 */
export function serverFactory(
  config: Config,
  {
    earlyAnswers,
    shutdown,
    headersFor,
  }: {
    earlyAnswers: EarlyAnswerChain;
    shutdown: ShutdownState;
    /** The security headers for a URL: a stored file's shorter list, or the full one (plugins/security-headers.ts) */
    headersFor: HeadersFor;
  },
) {
  return (handler: (req: IncomingMessage, res: ServerResponse) => void) => {
    const server = createServer(
      {
        // a client sending its request slowly is cut off (408) rather than holding a socket (R-REL-1)
        requestTimeout: config.ops.requestTimeoutMs,
        headersTimeout: config.ops.headersTimeoutMs,
        keepAliveTimeout: 72_000,
        // how often those are checked (Node's default of 30 s would let a slow client stay that much longer)
        connectionsCheckingInterval: 1000,
      },
      (req, res) => {
        // once a stop has begun, every answer closes its connection (Node writes Connection: close)
        if (shutdown.stopping) res.shouldKeepAlive = false;
        // once the app is closing (the buffers early answers write to with it), or when no early answer
        // takes it, the request goes to Fastify
        if (!shutdown.closing && earlyAnswers.answer(req, res)) return;
        // early answers carry these already (hostHeaders): set for Fastify's answers only
        applySecurityHeaders(res, headersFor(req.url ?? ""));
        handler(req, res);
      },
    );
    server.setTimeout(0);
    const closeIdle = server.closeIdleConnections.bind(server);
    shutdown.closeIdleConnections = closeIdle;
    server.closeIdleConnections = () => {
      if (!shutdown.holdIdle) closeIdle();
    };
    return server;
  };
}
