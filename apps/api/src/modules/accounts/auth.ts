import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { unauthorized } from "../../lib/api-error.ts";
import { createSessionRepository, type Session, type SessionRepository, tokenFromHeader } from "./sessions.ts";

declare module "fastify" {
  interface FastifyInstance {
    sessions: SessionRepository;
    /** onRequest hook: the request must carry a live token (anonymous or user) in `authorization`. */
    requireSession: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: the request must carry a logged-in user's token. */
    requireUser: (request: FastifyRequest) => Promise<void>;
    /** onRequest hook: a token is read when present, and the request goes on without one. */
    optionalSession: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    session: Session | null;
    /** The visitor's stored anonymous id, sent as X-Request-Id (spec §7). */
    clientId: string | null;
  }
}

export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const sessions = createSessionRepository(app.database.db);
    app.decorate("sessions", sessions);
    app.decorateRequest("session", null);
    app.decorateRequest("clientId", null);

    // a callback hook: it runs for every request, cached pages included, and needs no promise
    app.addHook("onRequest", (request, _reply, done) => {
      const clientId = request.headers["x-request-id"];
      if (typeof clientId === "string" && clientId.length <= 128) {
        request.clientId = clientId;
        request.log = request.log.child({ clientId });
      }
      done();
    });

    app.decorate("requireSession", async (request: FastifyRequest) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (!token) throw unauthorized("缺少 authorization，请先调用 /peony/v1/auth 获取匿名令牌");
      const session = await sessions.findActive(token);
      if (!session) throw unauthorized("令牌无效或已过期，请重新获取");
      request.session = session;
    });

    app.decorate("requireUser", async (request: FastifyRequest) => {
      await app.requireSession(request);
      if (request.session?.kind !== "user" || request.session.userId === null) {
        throw unauthorized("请先登录");
      }
    });

    app.decorate("optionalSession", async (request: FastifyRequest) => {
      const token = tokenFromHeader(request.headers.authorization);
      if (token) request.session = await sessions.findActive(token);
    });
  },
  { name: "auth", dependencies: ["db"] },
);
