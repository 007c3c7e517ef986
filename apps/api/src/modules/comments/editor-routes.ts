import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { conflict, notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { presentMessage } from "../live/present.ts";
import { presentAuthorText, presentModerationItem } from "./present.ts";
import { queueRowOfComment } from "./repository.ts";

const statusNames = { pending: "待审核", published: "已通过", rejected: "已驳回", deleted: "已删除" } as const;

/** The editors' moderation of comments (R-MOD-2): moderators' sessions, each action audited (R-CONSOLE-3). */
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
    const { status, size } = request.query;
    const rows =
      status === "all"
        ? await comments.allTexts(size)
        : (await comments.moderationQueue(status, size)).map(queueRowOfComment);
    return { code: 0, msg: "ok", data: { list: rows.map((row) => presentModerationItem(publicIds, row)) } };
  });

  const textNames = { report_comment: "评论", chat: "消息" } as const;
  const textStatusNames: Record<string, string> = { ...statusNames, published: "已发布" };

  /** A report comment or chat message approved, rejected or deleted (R-MOD-2), audited; 409 names who came first. */
  route(app, calls.moderateText, async (request) => {
    const { kind, id: publicId } = request.params;
    const missing = () => notFound(kind === "chat" ? "消息不存在或已删除" : "评论不存在或已删除");
    const id = publicIds.decode(publicId);
    if (id === null) throw missing();
    const { action } = request.body;
    const status = action === "approve" ? "published" : action === "reject" ? "rejected" : "deleted";
    const outcome = await comments.moderateText(kind, id, status, request.editorActor?.id ?? null, (trx, before) =>
      app.auditWrite(request, trx, { target: `${kind}:${publicId}`, before, after: { status } }),
    );
    if (!outcome.moved) {
      if (outcome.status === null || (outcome.status === "deleted" && outcome.handledBy === null)) throw missing();
      const who = outcome.handledBy !== null ? await app.editors.nameOf(outcome.handledBy) : "其他编辑";
      throw conflict(`该${textNames[kind]}已由 ${who}处理（${textStatusNames[outcome.status] ?? outcome.status}）`);
    }
    // an approved chat message reaches the room's viewers like a sent one
    if (kind === "chat" && status === "published") {
      const message = await app.live.message(id);
      if (message)
        app.liveHub.publishChat(publicIds.encode(outcome.row.parent_id), presentMessage(message, publicIds.encode));
    }
    request.log.info({ kind, id, status }, "text moderated");
    return { code: 0, msg: action === "approve" ? "已通过" : action === "reject" ? "已驳回" : "已删除", data: null };
  });

  /** The change, its audit record in the same transaction, or 409 naming who handled it (R-CONSOLE-5). */
  async function moderate(
    request: FastifyRequest<{ Params: { id: string } }>,
    id: number,
    status: "published" | "rejected" | "deleted",
  ) {
    const outcome = await comments.moderate(id, status, request.editorActor?.id ?? null, (trx, before, after) =>
      app.auditWrite(request, trx, {
        target: `comment:${request.params.id}`,
        before: { status: before.status, body: before.body },
        after: { status: after.status },
      }),
    );
    if (!outcome.moved) {
      if (outcome.status === null) throw notFound("评论不存在或已删除");
      const who = outcome.handledBy !== null ? await app.editors.nameOf(outcome.handledBy) : "其他编辑";
      throw conflict(`该评论已由 ${who}处理（${statusNames[outcome.status]}）`);
    }
    request.log.info({ commentId: id, status }, "comment moderated");
  }

  route(app, calls.moderateComment, async (request) => {
    const row = await editorComment(request.params.id);
    const status = request.body.action === "approve" ? "published" : "rejected";
    await moderate(request, row.id, status);
    return { code: 0, msg: status === "published" ? "已通过" : "已驳回", data: null };
  });

  route(app, calls.deleteComment, async (request) => {
    const row = await editorComment(request.params.id);
    await moderate(request, row.id, "deleted");
    return { code: 0, msg: "已删除", data: null };
  });

  /** A commenting user by their public id (the queue's `author_id`). */
  const requireUser = (publicId: string) =>
    publicIds.require(
      publicId,
      (id) => comments.user(id),
      () => notFound("用户不存在"),
    );

  route(app, calls.authorHistory, async (request) => {
    const user = await requireUser(request.params.id);
    const [ban, rows] = await Promise.all([
      comments.banOf(user.id),
      comments.authorHistory(user.id, request.query.size),
    ]);
    return {
      code: 0,
      msg: "ok",
      data: {
        user_id: request.params.id,
        alias: user.alias,
        ban: ban
          ? {
              by: ban.banned_by !== null ? await app.editors.nameOf(ban.banned_by) : "",
              reason: ban.reason,
              at: new Date(Number(ban.created_at)).toISOString(),
            }
          : null,
        list: rows.map((row) => presentAuthorText(publicIds, row)),
      },
    };
  });

  /** Bans a user (R-MOD-2), audited; of two moderators at once, the second learns who banned them (409). */
  route(app, calls.banUser, async (request) => {
    const user = await requireUser(request.params.id);
    const reason = request.body.reason.trim();
    const outcome = await comments.ban(
      user.id,
      { editorId: request.editorActor?.id ?? null, reason, now: Date.now() },
      (trx) =>
        app.auditWrite(request, trx, {
          target: `user:${request.params.id}`,
          before: { banned: false },
          after: { banned: true, reason },
        }),
    );
    if (!outcome.banned) {
      const who = outcome.by !== null ? await app.editors.nameOf(outcome.by) : "其他编辑";
      throw conflict(`该用户已由 ${who}封禁`);
    }
    request.log.info({ userId: user.id }, "user banned");
    return { code: 0, msg: "已封禁", data: null };
  });

  route(app, calls.unbanUser, async (request) => {
    const user = await requireUser(request.params.id);
    const lifted = await comments.unban(user.id, (trx, before) =>
      app.auditWrite(request, trx, {
        target: `user:${request.params.id}`,
        before: { banned: true, reason: before.reason },
        after: { banned: false },
      }),
    );
    if (!lifted) throw conflict("该用户未被封禁（可能已由其他编辑解除）");
    request.log.info({ userId: user.id }, "user unbanned");
    return { code: 0, msg: "已解除封禁", data: null };
  });
}
