import { calls } from "@davmu/contracts/calls";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { FastifyInstance } from "fastify";
import { isbot } from "isbot";
import { badRequest, tooManyRequests, unavailable } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";

/**
 * The tracking beacon, `POST /tracker/log` (R-TRACK-1, R-TRACK-5). Pages send it with
 * `navigator.sendBeacon`, whose body is text/plain when it goes to another origin (a JSON type would
 * need a preflight a beacon cannot make), so a text/plain body is read as JSON here too.
 */
export async function trackingRoutes(app: FastifyInstance) {
  app.removeContentTypeParser("text/plain");
  app.addContentTypeParser("text/plain", { parseAs: "string" }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest("请求体不是 JSON"), undefined);
    }
  });

  route(
    app,
    calls.trackerLog,
    async (request, reply) => {
      const values = Array.isArray(request.body) ? request.body : [request.body];
      const outcome = app.tracking.take(values, isbot(request.headers["user-agent"] ?? ""));
      if (outcome.kind === "limited") throw tooManyRequests("上报过于频繁，请稍后再试");
      if (outcome.kind === "busy") throw unavailable("统计服务繁忙，请稍后再试");
      const { result } = outcome;
      if (result.accepted === 0 && result.duplicates === 0 && result.rejected.length > 0) {
        const shown = result.rejected.slice(0, 3).map((r) => `第${r.index + 1}条 ${r.reason}`);
        const more = result.rejected.length > 3 ? ` 等${result.rejected.length}条` : "";
        return reply.code(400).send({
          code: ErrorCode.badRequest,
          msg: `事件无效：${shown.join("；")}${more}`,
          data: { rejected: result.rejected },
        });
      }
      return { code: 0, msg: "ok", data: result };
    },
    { bodyLimit: 256 * 1024 },
  );
}
