import { calls } from "@davmu/contracts/calls";
import { dejinPaths } from "@davmu/contracts/clue-reports";
import type { PichoContentSummary } from "@davmu/contracts/picho";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { sanitizeArticleHtml } from "../../lib/sanitize-html.ts";
import { shareLink } from "../clue-reports/present.ts";
import type { PichoContentRow } from "./repository.ts";

function summary(row: PichoContentRow): PichoContentSummary {
  return {
    uuid: row.uuid,
    catalog_id: row.catalog_id,
    title: row.title,
    summary: row.summary,
    cover: row.cover,
    source: row.source,
    publish_at: new Date(Number(row.publish_at)).toISOString(),
    view_count: Number(row.view_count),
  };
}

/**
 * The open columns (picho, R-API-ENDPOINTS): an item, a page of items and a catalog, read by the
 * dejin catalog and content pages. Declared `requestId: false`: sent without X-Request-Id (R-API-AUTH).
 */
export async function pichoRoutes(app: FastifyInstance) {
  const picho = app.picho;
  const origin = app.contentLinks.publicOrigin;

  route(app, calls.pichoContent, async (request) => {
    const { rid, uuid } = request.params;
    const row = await picho.content(rid, uuid);
    if (!row) throw notFound("内容不存在或已下线");
    const catalog = await picho.catalog(rid, row.catalog_id);
    return {
      code: 0,
      msg: "ok",
      data: {
        ...summary(row),
        author: row.author,
        catalog_name: catalog?.name ?? "",
        content: sanitizeArticleHtml(row.body_html),
        share_link: shareLink(origin, dejinPaths.pichoContent(rid, uuid)),
      },
    };
  });

  route(app, calls.pichoContentList, async (request) => {
    const { page, limit, catalog_id } = request.query;
    const list = await picho.page(request.params.rid, catalog_id, (page - 1) * limit, limit);
    return { code: 0, msg: "ok", data: { list: list.rows.map(summary), total: list.total, page, limit } };
  });

  route(app, calls.pichoCatalog, async (request) => {
    const { rid, id } = request.params;
    const [row, all] = await Promise.all([picho.catalog(rid, id), picho.catalogs(rid)]);
    if (!row) throw notFound("栏目不存在");
    const { total } = await picho.page(rid, id, 0, 1);
    return {
      code: 0,
      msg: "ok",
      data: {
        id: row.id,
        rid: row.rid,
        name: row.name,
        description: row.description,
        cover: row.cover,
        content_count: total,
        siblings: all.map((c) => ({ id: c.id, name: c.name })),
        share_link: shareLink(origin, dejinPaths.pichoCatalog(rid, id)),
      },
    };
  });
}
