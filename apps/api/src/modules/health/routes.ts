import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";

/** Liveness and readiness, for load balancers and orchestrators. */
export async function healthRoutes(app: FastifyInstance) {
  route(app, calls.healthz, async () => ({ status: "ok" as const }));

  route(app, calls.readyz, async (request, reply) => {
    // a stopping instance asks its balancer for no new connections while it still answers (R-REL-2)
    if (app.stopping) return reply.status(503).send({ status: "unavailable" as const, database: app.database.dialect });
    try {
      await app.database.ping();
      // an instance whose tracking writer cannot store would acknowledge events it loses (R-REL-4)
      if (app.hasDecorator("tracking") && !app.tracking.storing()) {
        request.log.warn("readiness check failed: tracking events cannot be stored");
        return reply.status(503).send({ status: "unavailable" as const, database: app.database.dialect });
      }
      return { status: "ready" as const, database: app.database.dialect };
    } catch (error) {
      request.log.warn({ err: error }, "readiness check failed");
      return reply.status(503).send({ status: "unavailable" as const, database: app.database.dialect });
    }
  });
}
