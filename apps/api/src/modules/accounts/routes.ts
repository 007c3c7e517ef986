import { AuthRequest, AuthResult } from "@davmu/contracts/app";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Config } from "../../plugins/config.ts";

export const accountRoutes: FastifyPluginAsyncTypebox<{ config: Config }> = async (app, { config }) => {
  app.post(
    "/peony/v1/auth",
    {
      schema: {
        tags: ["account"],
        summary: "Anonymous login: every visitor gets a token before any other call",
        body: AuthRequest,
        response: { 200: Envelope(AuthResult), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const { token, expiresAt } = await app.sessions.createAnonymous(
        request.body.device_id ?? null,
        config.anonymousTokenTtlDays,
      );
      return { code: 0, msg: "ok", data: { token, user_id: null, expires_at: new Date(expiresAt).toISOString() } };
    },
  );
};
