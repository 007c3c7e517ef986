import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";

export const healthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    "/healthz",
    {
      schema: {
        tags: ["ops"],
        summary: "Liveness: the process answers",
        response: { 200: Type.Object({ status: Type.Literal("ok") }) },
      },
    },
    async () => ({ status: "ok" as const }),
  );

  app.get(
    "/readyz",
    {
      schema: {
        tags: ["ops"],
        summary: "Readiness: the database answers a query",
        response: {
          200: Type.Object({ status: Type.Literal("ready"), database: Type.String() }),
          503: Type.Object({ status: Type.Literal("unavailable"), database: Type.String() }),
        },
      },
    },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: "ready" as const, database: app.database.dialect };
      } catch (error) {
        request.log.warn({ err: error }, "readiness check failed");
        return reply.status(503).send({ status: "unavailable" as const, database: app.database.dialect });
      }
    },
  );
};
