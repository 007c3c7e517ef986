import { calls } from "@davmu/contracts/calls";
import { isRobot } from "@davmu/contracts/robot";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest } from "../../lib/api-error.ts";
import type { EarlyAnswerOptions } from "../../lib/early-answer.ts";
import { route } from "../../lib/route.ts";
import { beaconAnswer, beaconBodyLimit, beaconPath, createEarlyBeacon } from "./beacon.ts";
import { botCheck } from "./events.ts";

/**
 * The tracking beacon, `POST /tracker/log` (R-TRACK-1, R-TRACK-5). Pages send it with
 * `navigator.sendBeacon`, whose body is text/plain when it goes to another origin (a JSON type would
 * need a preflight a beacon cannot make), so a text/plain body is read as JSON here too. Both are read
 * with `JSON.parse` and their text is kept for the writer, which makes the rows from it off the request
 * path (decision 038); a key such as `__proto__` is refused by the events' declarations
 * (`additionalProperties: false`) and nothing is merged into another object.
 */
export async function trackingRoutes(app: FastifyInstance, options: EarlyAnswerOptions = {}) {
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
  const isBot = botCheck(isRobot);

  route(
    app,
    calls.trackerLog,
    async (request, reply) => {
      const text = texts.get(request);
      const values = Array.isArray(request.body) ? request.body : [request.body];
      const taken = app.tracking.take(values, isBot(request.headers["user-agent"] ?? ""), text);
      const answer = beaconAnswer(taken instanceof Promise ? await taken : taken);
      if (answer.retryAfter) reply.header("retry-after", String(answer.retryAfter));
      return reply.code(answer.status).send(answer.body);
    },
    { bodyLimit: beaconBodyLimit },
  );

  options.installEarlyAnswer?.(
    createEarlyBeacon({
      tracking: app.tracking,
      isBot,
      log: app.log,
      hostHeaders: options.hostHeaders ?? [],
      count: (status, seconds) => app.metrics.countAnswer(beaconPath, "POST", status, seconds),
    }),
  );
}
