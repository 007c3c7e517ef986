import { calls } from "@davmu/contracts/calls";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isbot } from "isbot";
import { badRequest, tooManyRequests, unavailable } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { botCheck } from "./events.ts";
import type { TakeOutcome } from "./repository.ts";

/**
 * The tracking beacon, `POST /tracker/log` (R-TRACK-1, R-TRACK-5). Pages send it with
 * `navigator.sendBeacon`, whose body is text/plain when it goes to another origin (a JSON type would
 * need a preflight a beacon cannot make), so a text/plain body is read as JSON here too. Both are read
 * with `JSON.parse` and their text is kept for the writer, which makes the rows from it off the request
 * path (decision 037); a key such as `__proto__` is refused by the events' declarations
 * (`additionalProperties: false`) and nothing is merged into another object.
 */
export async function trackingRoutes(app: FastifyInstance) {
  const texts = new WeakMap<FastifyRequest, string>();
  const parse = (
    request: FastifyRequest,
    body: string | Buffer,
    done: (error: Error | null, value?: unknown) => void,
  ) => {
    try {
      const text = body as string;
      const value = JSON.parse(text);
      texts.set(request, text);
      done(null, value);
    } catch {
      done(badRequest("请求体不是 JSON"), undefined);
    }
  };
  app.removeContentTypeParser(["text/plain", "application/json"]);
  app.addContentTypeParser(["text/plain", "application/json"], { parseAs: "string" }, parse);
  const isBot = botCheck(isbot);

  route(
    app,
    calls.trackerLog,
    async (request, reply) => {
      const text = texts.get(request);
      const values = Array.isArray(request.body) ? request.body : [request.body];
      const taken = app.tracking.take(values, isBot(request.headers["user-agent"] ?? ""), text);
      const outcome: TakeOutcome = taken instanceof Promise ? await taken : taken;
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
