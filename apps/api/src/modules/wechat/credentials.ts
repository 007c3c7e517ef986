import type { FastifyInstance } from "fastify";
import { redisCredentialStore } from "../../plugins/redis-credentials.ts";
import { createWechatSigner, type WechatSigner } from "./signer.ts";

/**
 * The options of the WeChat routes: with REDIS_URL and WeChat configured, a signer whose credentials
 * are kept for the whole cluster; otherwise none (the routes make their own, in process).
 */
export function wechatRouteOptions(app: FastifyInstance): { signer?: WechatSigner } {
  const config = app.config.wechat;
  if (!config || !app.hasDecorator("redis")) return {};
  return { signer: createWechatSigner(config, { store: redisCredentialStore(app.redis) }) };
}
