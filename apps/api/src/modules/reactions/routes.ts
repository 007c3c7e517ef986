import { calls } from "@davmu/contracts/calls";
import { routeTypeFor } from "@davmu/contracts/content";
import type { FastifyInstance } from "fastify";
import { badRequest, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";

/** Collections and stars of posts and comments (spec §7 Interaction and its media-account variants). */
export async function reactionRoutes(app: FastifyInstance) {
  const { reactions, comments, publicIds } = app;

  for (const [call, mp] of [
    [calls.collect, false],
    [calls.collectMp, true],
  ] as const) {
    route(app, call, async (request) => {
      const content = await app.requireAvailableContent(request.params.id, { mp });
      const on = request.body.type === "add";
      const data = await reactions.setCollected(userOf(request), content.id, on);
      return { code: 0, msg: on ? "收藏成功" : "已取消收藏", data };
    });
  }

  route(app, calls.userRelated, async (request) => {
    const content = await app.requireAvailableContent(request.params.id);
    const type = request.params.type;
    if (type !== content.content_type && type !== routeTypeFor(content.content_type as never)) {
      throw badRequest(`参数错误：内容类型 ${type} 与内容不符`);
    }
    const viewer = viewerOf(request);
    const data =
      viewer === null
        ? { is_collect: false, is_star: false, is_followed: false }
        : await reactions.related(viewer, content.id, content.mp_id);
    return { code: 0, msg: "ok", data };
  });

  for (const [call, mp] of [
    [calls.star, false],
    [calls.starMp, true],
  ] as const) {
    route(app, call, async (request) => {
      const { cid, post_id: postId, type } = request.body;
      if (!cid === !postId) throw badRequest("参数错误：需要 cid 或 post_id 之一");
      const on = type === "add";
      if (postId) {
        const content = await app.requireAvailableContent(postId, { mp });
        return { code: 0, msg: "ok", data: await reactions.setContentStar(userOf(request), content.id, on) };
      }
      const comment = await publicIds.require(
        cid as string,
        (id) => comments.findById(id),
        () => notFound("评论不存在或已删除"),
        (row) => row.status === "published",
      );
      return { code: 0, msg: "ok", data: await comments.star(userOf(request), comment.id, on) };
    });
  }
}
