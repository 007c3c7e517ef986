import { calls } from "@davmu/contracts/calls";
import type { CommentList, CommentListQuery } from "@davmu/contracts/interaction";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { badRequest, forbidden, notFound } from "../../lib/api-error.ts";
import { commentThread, commentWording } from "../../lib/comment-thread/thread.ts";
import { type CallRequest, route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import { presentComment } from "./present.ts";

/**
 * Comments and replies of a post (spec §7 Interaction and its media-account variants), with
 * moderation (R-MOD-1/2) and limits (R-SEC-RATE). Writes need a logged-in user.
 */
export async function commentRoutes(app: FastifyInstance) {
  const { comments, publicIds, config } = app;
  const thread = commentThread(app.database.db, {
    perUser: config.limits.commentsPerUserPerMinute,
    windowMs: 60_000,
    perIp: { max: config.limits.commentsPerIpPerMinute, group: "comment" },
    wording: commentWording,
    reportsToHold: 5,
    blocked: (tx, author) => app.comments.isBanned(tx, author),
  });

  /** A comment of this post the viewer may see: published, or held and their own. */
  const visibleComment = (publicId: string, contentId: number, viewer: number | null) =>
    publicIds.require(
      publicId,
      (id) => comments.findById(id),
      () => notFound("评论不存在或已删除"),
      (row) =>
        row.content_id === contentId &&
        (row.status === "published" || (row.status === "pending" && row.user_id === viewer)),
    );

  async function listThread(
    request: FastifyRequest,
    postId: string,
    rootPublicId: string | null,
    query: CommentListQuery,
    mp: boolean,
  ): Promise<{ code: number; msg: string; data: CommentList }> {
    const content = await app.requireAvailableContent(postId, { mp });
    const viewer = viewerOf(request);
    let rootId = 0;
    let total = content.comment_count;
    if (rootPublicId !== null) {
      const root = await visibleComment(rootPublicId, content.id, viewer);
      if (root.root_id !== 0) throw badRequest("只能展开一级评论的回复");
      rootId = root.id;
      total = root.reply_count;
    }
    let afterId: number | null = null;
    if (query.cursor) {
      afterId = publicIds.decode(query.cursor);
      if (afterId === null) throw badRequest("参数错误：cursor 无效");
    }
    const { rows, hasMore } = await comments.page({
      contentId: content.id,
      rootId,
      viewerId: viewer,
      size: query.size,
      afterId,
      offset: afterId === null ? (query.page - 1) * query.size : 0,
    });
    const starred =
      viewer === null
        ? new Set<number>()
        : await comments.starredBy(
            viewer,
            rows.map((r) => r.id),
          );
    const last = rows.at(-1);
    return {
      code: 0,
      msg: "ok",
      data: {
        list: rows.map((r) => presentComment(publicIds, r, postId, viewer, starred)),
        total: Math.max(0, total),
        page: query.page,
        size: query.size,
        has_more: hasMore,
        next_cursor: hasMore && last ? publicIds.encode(last.id) : null,
      },
    };
  }

  for (const [call, mp] of [
    [calls.comments, false],
    [calls.mpComments, true],
    [calls.guzzleComments, true],
    [calls.innerComments, false],
  ] as const) {
    route(app, call, (request) => listThread(request, request.params.post_id, null, request.query, mp));
  }
  for (const [call, mp] of [
    [calls.replies, false],
    [calls.mpReplies, true],
  ] as const) {
    route(app, call, (request) => listThread(request, request.params.post_id, request.params.cid, request.query, mp));
  }

  async function postComment(request: CallRequest<typeof calls.postComment>, mp: boolean) {
    const content = await app.requireAvailableContent(request.params.post_id, { mp });
    if (!content.comment_available && !content.enable_comment) throw forbidden("评论已关闭");
    const user = userOf(request);
    const body = request.body;
    const text = thread.text(body.content);

    let rootId = 0;
    let target: { id: number; alias: string } | null = null;
    if (body.parent_id) {
      const parent = await visibleComment(body.parent_id, content.id, user);
      rootId = parent.root_id === 0 ? parent.id : parent.root_id;
      target = { id: parent.user_id, alias: parent.alias };
    } else if (body.comment_type === 1) {
      throw badRequest("参数错误：回复需要 parent_id");
    }

    const screened = await thread.screen(text, request.log);

    // the per-user limit and the duplicate rule are checked as the comment is recorded, in one step
    const now = Date.now();
    const recorded = await comments.insertUnderLimits(
      {
        content_id: content.id,
        user_id: user,
        root_id: rootId,
        target_user_id: target?.id ?? null,
        target_alias: target && rootId !== 0 && target.id !== user ? target.alias : "",
        body: screened.body,
        status: screened.held ? "pending" : "published",
        hold_reason: screened.holdReason,
        ip_location: "",
        created_at: now,
      },
      thread,
    );
    if ("refused" in recorded) throw thread.refusal(recorded.refused);
    const id = recorded.id;
    const row = await comments.findById(id);
    if (!row) throw notFound("评论不存在或已删除");
    const held = row.status === "pending";
    request.log.info({ commentId: id, contentId: content.id, held }, "comment posted");
    return {
      code: 0,
      msg: held ? "评论已提交，审核通过后展示" : "评论成功",
      data: presentComment(publicIds, row, request.params.post_id, user, new Set()),
    };
  }

  const perIp = thread.routeOptions;
  route(app, calls.postComment, (request) => postComment(request, false), perIp);
  route(app, calls.postMpComment, (request) => postComment(request, true), perIp);

  route(
    app,
    calls.reportComment,
    async (request) => {
      const content = await app.requireAvailableContent(request.params.post_id);
      const comment = await visibleComment(request.params.cid, content.id, userOf(request));
      if (comment.user_id === userOf(request)) throw badRequest("不能举报自己的评论");
      await comments.report(comment.id, userOf(request), request.body.reason, request.body.detail ?? "", thread);
      return { code: 0, msg: "举报成功，我们会尽快处理", data: { reported: true } };
    },
    perIp,
  );
}
