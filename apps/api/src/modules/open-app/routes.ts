import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { asContentType, contentPath } from "../content/present.ts";

/** An item's deep link: the app opens the page it was shared from (as the site's share cards say). */
export const deepLinkOf = (scheme: string, shareLink: string) =>
  `${scheme}://open?url=${encodeURIComponent(shareLink)}`;

/**
 * Requests per client address and minute: a code is 8 letters of 31, so guessing one at this rate
 * takes centuries; minting and outcome reports are bounded so no one fills the tables.
 */
export const openAppLimits = { mint: 30, resolve: 30, outcome: 60 } as const;
const perMinute = (max: number, groupId: string) => ({ config: { rateLimit: { max, timeWindow: 60_000, groupId } } });

/**
 * Opening the app: deferred deep links (R-SHARE-4) and the open-app chain's outcome counts (R-SHARE-3).
 */
export async function openAppRoutes(app: FastifyInstance) {
  const repository = app.openApp;

  route(
    app,
    calls.mintDeferredLink,
    async (request) => {
      const row = await app.requireAvailableContent(request.body.post_id);
      const minted = await repository.mint(row.id);
      return { code: 0, msg: "ok", data: { code: minted.code, expires_at: new Date(minted.expiresAt).toISOString() } };
    },
    perMinute(openAppLimits.mint, "deferred-link-mint"),
  );

  route(
    app,
    calls.resolveDeferredLink,
    async (request) => {
      const code = request.body.code.trim().toUpperCase();
      const contentId = await repository.resolve(code);
      if (contentId === null) throw notFound("口令不存在、已使用或已过期");
      const row = await app.contents.findById(contentId);
      if (!row) throw notFound("内容不存在或已下线");
      const shareLink = app.contentLinks.publicOrigin + contentPath(row, app.contentLinks);
      return {
        code: 0,
        msg: "ok",
        data: {
          post_id: app.publicIds.encode(row.id),
          content_type: asContentType(row.content_type),
          share_link: shareLink,
          deep_link: deepLinkOf(app.config.appScheme, shareLink),
        },
      };
    },
    perMinute(openAppLimits.resolve, "deferred-link-resolve"),
  );

  route(
    app,
    calls.openAppOutcome,
    async (request) => {
      await repository.count(request.body);
      return { code: 0, msg: "ok", data: null };
    },
    perMinute(openAppLimits.outcome, "open-app-outcome"),
  );

  route(app, calls.openAppOutcomes, async () => {
    const rows = await repository.counts(30);
    return {
      code: 0,
      msg: "ok",
      data: {
        list: rows.map((row) => ({
          day: row.day,
          step: row.step,
          outcome: row.outcome,
          platform: row.platform,
          in_wechat: Number(row.in_wechat) === 1,
          count: Number(row.count),
        })),
      },
    };
  });
}
