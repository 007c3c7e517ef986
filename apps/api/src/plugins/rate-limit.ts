import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { tooManyRequests } from "../lib/api-error.ts";

/**
 * Per-client request limits (R-SEC-RATE), applied route by route through `config.rateLimit`.
 * Counters live in this process; the limits that must hold across instances (codes per phone,
 * comments per user) are counted in the database by their modules.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      hook: "preHandler",
      errorResponseBuilder: (_request, context) =>
        tooManyRequests(`操作过于频繁，请${Math.max(1, Math.ceil(context.ttl / 1000))}秒后再试`),
    });
  },
  { name: "rate-limit" },
);
