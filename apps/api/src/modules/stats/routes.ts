import { readFileSync } from "node:fs";
import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, forbidden, unauthorized } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { editorKeyCheck } from "../../plugins/editor-key.ts";
import { trackingDb } from "../tracking/tables.ts";
import { statsCsv } from "./csv.ts";
import { dashboardAssets, dashboardHtml, pageHeaders } from "./page.ts";
import { RangeError400, statsReport } from "./report.ts";
import { editorSessions } from "./session.ts";

/**
 * The editors' stats page (R-STATS-1, decision 024): served by the API at /editor/stats, its own
 * HTML, script and charting library (uPlot), none of it in the share site's pages. Editors sign in
 * once with the editors' key for a session cookie; the stats calls take that cookie or the key.
 */
export async function statsRoutes(app: FastifyInstance) {
  const sessions = editorSessions(app.config.editorApiKey, app.config.tracking.editorSessionTtlSeconds);
  const keyCheck = editorKeyCheck(app.config.editorApiKey);
  const db = trackingDb(app.database.db);

  // in this scope, an editor call takes the session cookie as well as the x-api-key header
  app.decorate("requireEditor", async (request: FastifyRequest) => {
    if (sessions.valid(request)) return;
    if (request.headers["x-api-key"] === undefined && request.headers.cookie?.includes("davmu_editor=")) {
      throw unauthorized("登录已过期，请重新登录");
    }
    await keyCheck(request);
  });

  route(
    app,
    calls.editorSignIn,
    async (request, reply) => {
      if (!sessions.enabled) throw forbidden("编辑接口未启用");
      if (!sessions.keyMatches(request.body.key)) throw unauthorized("编辑密钥无效");
      const expires = sessions.start(request, reply);
      request.log.info("editor signed in to the stats page");
      return { code: 0, msg: "ok", data: { expires_at: expires.toISOString() } };
    },
    { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
  );

  route(app, calls.editorSignOut, async (request, reply) => {
    sessions.end(request, reply);
    return { code: 0, msg: "ok", data: null };
  });

  const withRange = async <T>(make: () => Promise<T>): Promise<T> => {
    try {
      return await make();
    } catch (error) {
      if (error instanceof RangeError400) throw badRequest(error.message);
      throw error;
    }
  };

  route(app, calls.editorStats, async (request) => {
    await app.tracking.rollUp();
    const report = await withRange(() => statsReport(db, app.publicIds, request.query));
    return { code: 0, msg: "ok", data: report };
  });

  route(app, calls.editorStatsCsv, async (request, reply) => {
    await app.tracking.rollUp();
    const csv = await withRange(() => statsCsv(db, app.publicIds, request.query));
    const name = `davmu-stats-${request.query.from ?? "recent"}-${request.query.to ?? "today"}.csv`;
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="${name}"`)
      .header("cache-control", "no-store")
      .send(csv);
  });

  // the page and its files: not API calls, so not in the OpenAPI document
  app.get("/editor/stats", { schema: { hide: true } }, async (request, reply) => {
    reply.headers(pageHeaders);
    return reply.type("text/html; charset=utf-8").send(dashboardHtml(sessions.valid(request)));
  });
  const assets = dashboardAssets();
  app.get<{ Params: { name: string } }>(
    "/editor/stats/assets/:name",
    { schema: { hide: true } },
    async (request, reply) => {
      const asset = assets.get(request.params.name);
      if (!asset) return reply.code(404).send({ code: 404, msg: "文件不存在", data: null });
      return reply
        .type(asset.type)
        .header("cache-control", "no-cache")
        .header("x-content-type-options", "nosniff")
        .send(readFileSync(asset.path));
    },
  );
}
