import { readFileSync } from "node:fs";
import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { trackingDb } from "../tracking/tables.ts";
import { statsCsv } from "./csv.ts";
import { dashboardAssets, dashboardHtml, pageHeaders } from "./page.ts";
import { RangeError400, statsReport } from "./report.ts";

/**
 * The editors' stats page (R-STATS-1, decision 024): served by the API at /editor/stats, its own
 * HTML, script and charting library (uPlot), none of it in the share site's pages. An analyst or an
 * admin logs in with their own editor account (POST /editor/v1/login, R-CONSOLE-1) and the page
 * and its calls take that session.
 */
export async function statsRoutes(app: FastifyInstance) {
  const db = trackingDb(app.database.db);

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
    const signedIn = await app.editorAllowed(request, calls.editorStats);
    return reply.type("text/html; charset=utf-8").send(dashboardHtml(signedIn));
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
