import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { presentModerationItem } from "./present.ts";

/** The editors' moderation of comments (R-MOD-2), behind the editors' key. */
export async function commentModerationRoutes(app: FastifyInstance) {
  const { comments, publicIds } = app;

  const editorComment = (publicId: string) =>
    publicIds.require(
      publicId,
      (id) => comments.findById(id),
      () => notFound("评论不存在或已删除"),
      (row) => row.status !== "deleted",
    );

  route(app, calls.moderationQueue, async (request) => {
    const rows = await comments.moderationQueue(request.query.status, request.query.size);
    return { code: 0, msg: "ok", data: { list: rows.map((row) => presentModerationItem(publicIds, row)) } };
  });

  route(app, calls.moderateComment, async (request) => {
    const row = await editorComment(request.params.id);
    const status = request.body.action === "approve" ? "published" : "rejected";
    await comments.setStatus(row.id, status, "");
    request.log.info({ commentId: row.id, status }, "comment moderated");
    return { code: 0, msg: status === "published" ? "已通过" : "已驳回", data: null };
  });

  route(app, calls.deleteComment, async (request) => {
    const row = await editorComment(request.params.id);
    await comments.setStatus(row.id, "deleted");
    request.log.info({ commentId: row.id }, "comment deleted");
    return { code: 0, msg: "已删除", data: null };
  });
}
