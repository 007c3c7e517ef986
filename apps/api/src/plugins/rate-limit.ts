import rateLimit, { type FastifyRateLimitStoreCtor } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { tooManyRequests } from "../lib/api-error.ts";
import { counterStore } from "./counter-store.ts";

declare module "fastify" {
  interface FastifyInstance {
    /**
     * Throws a 429 when this address or device has asked for too many anonymous tokens this minute
     * (each is a row kept for ANONYMOUS_TOKEN_TTL_DAYS, so their number must stay bounded).
     */
    limitAnonymousTokens: (request: FastifyRequest, deviceId: string | null) => Promise<void>;
  }
}

const waitMessage = (ttlMs: number) => `操作过于频繁，请${Math.max(1, Math.ceil(ttlMs / 1000))}秒后再试`;

/**
 * Per-client request limits (R-SEC-RATE), applied route by route through `config.rateLimit`, keyed
 * by the client's address as TRUST_PROXY yields it (R-SEC-PROXY). Counters are shared through Redis
 * when REDIS_URL is set, and kept in this process otherwise or while Redis is away (counter-store.ts);
 * the limits that must hold exactly (codes per phone, comments per user) are counted in the database.
 */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(rateLimit, {
      global: false,
      hook: "preHandler",
      // the plugin hands each route's store its route as `routeInfo`, which its types leave out
      store: counterStore(
        app.hasDecorator("redis") ? app.redis : null,
        app.log,
      ) as unknown as FastifyRateLimitStoreCtor,
      errorResponseBuilder: (_request, context) => tooManyRequests(waitMessage(context.ttl)),
    });

    const { anonymousTokensPerIpPerMinute, anonymousTokensPerDevicePerMinute } = app.config.limits;
    const perIp = app.createRateLimit({
      max: anonymousTokensPerIpPerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `anonymous-token:ip:${request.ip}`,
    });
    const devices = new WeakMap<FastifyRequest, string>();
    const perDevice = app.createRateLimit({
      max: anonymousTokensPerDevicePerMinute,
      timeWindow: 60_000,
      keyGenerator: (request) => `anonymous-token:device:${devices.get(request)}`,
    });
    app.decorate("limitAnonymousTokens", async (request: FastifyRequest, deviceId: string | null) => {
      const byIp = await perIp(request);
      if (!byIp.isAllowed && byIp.isExceeded) throw tooManyRequests(waitMessage(byIp.ttl));
      const id = deviceId ?? request.clientId;
      if (!id) return;
      devices.set(request, id.slice(0, 128));
      const byDevice = await perDevice(request);
      if (!byDevice.isAllowed && byDevice.isExceeded) throw tooManyRequests(waitMessage(byDevice.ttl));
    });
  },
  { name: "rate-limit", dependencies: ["settings"] },
);
