import { calls } from "@davmu/contracts/calls";
import { unavailableStates } from "@davmu/contracts/content";
import type { FastifyInstance } from "fastify";
import { route } from "../../lib/route.ts";
import { toContentItem } from "../content/present.ts";

/**
 * A media account's content item (spec §7: actor mp reads `/dinner/content/{id}`): the same item as
 * the content call, for media-account items only (the organisation's own answer 404), unavailable
 * ones 404 with code 10024 (R-CONTENT-1).
 */
export async function mpContentRoutes(app: FastifyInstance) {
  route(app, calls.mpContent, async (request) => {
    const row = await app.requireAvailableContent(request.params.id, { mp: true });
    const [related, mp] = await Promise.all([
      app.contents.relatedTo(row.id, unavailableStates),
      row.mp_id === null ? null : app.contents.findMediaAccount(row.mp_id),
    ]);
    return { code: 0, msg: "ok", data: toContentItem(row, related, mp ?? null, app.contentLinks) };
  });
}
