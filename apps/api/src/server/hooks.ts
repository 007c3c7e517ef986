import type { FastifyError, FastifyInstance } from "fastify";
import { badRequest } from "../lib/api-error.ts";
import { badHostHeader } from "../lib/client-address.ts";
import { hasUnsafeNumber } from "../lib/safe-numbers.ts";
import type { Config } from "../plugins/config.ts";
import { applySecurityHeaders, type HeadersFor, secureCookies } from "../plugins/security-headers.ts";
import type { ShutdownState } from "./shutdown.ts";

/** The hooks every request passes: its headers and numbers checked, its answer's trace id and cookies. */
export function installGlobalHooks(
  app: FastifyInstance,
  config: Config,
  { shutdown, headersFor }: { shutdown: ShutdownState; headersFor: HeadersFor },
) {
  // a Host, X-Forwarded-Host or X-Forwarded-Proto no URL can be built on answers 400 (R-SRV-4)
  app.addHook("onRequest", (request, reply, done) => {
    // requests made without the server's request event (injected ones) get the security headers here
    if (!reply.raw.hasHeader("x-content-type-options")) applySecurityHeaders(reply.raw, headersFor(request.url));
    const bad = badHostHeader(request.headers);
    if (bad) done(badRequest(`请求头 ${bad} 无效`) as unknown as FastifyError);
    else done();
  });
  // numbers no database takes (Infinity, past 2^53) are refused before any handler sees them (R-SRV-4)
  app.addHook("preHandler", (request, _reply, done) => {
    const unsafe = hasUnsafeNumber(request.query) || hasUnsafeNumber(request.params) || hasUnsafeNumber(request.body);
    if (unsafe) done(badRequest("参数错误：数值超出范围") as unknown as FastifyError);
    else done();
  });
  // callback hooks rather than async ones: these run for every answer, and a promise each is measurable
  const httpsOnly = config.publicOrigin.startsWith("https:");
  app.addHook("onSend", (request, reply, payload, done) => {
    reply.header("x-trace-id", request.id);
    if (shutdown.stopping) reply.header("connection", "close");
    if (httpsOnly) secureCookies(reply);
    // what a session reads of its own (an editor's, a logged-in visitor's) is never kept by a cache
    // on the way or in the browser's; an answer that says how it may be kept says so itself
    if (!reply.hasHeader("cache-control") && (request.url.startsWith("/editor/") || request.session?.kind === "user"))
      reply.header("cache-control", "private, no-store");
    done(null, payload);
  });
}
