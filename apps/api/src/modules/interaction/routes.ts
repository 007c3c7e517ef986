import { ContentIdParams, routeTypeFor, unavailableStates } from "@davmu/contracts/content";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import { ErrorCode } from "@davmu/contracts/error-codes";
import {
  CollectionRequest,
  CollectionResult,
  Comment,
  CommentCreate,
  CommentList,
  CommentListQuery,
  CommentReplyParams,
  FollowList,
  FollowRequest,
  FollowResult,
  IdParams,
  MediaAccountInfo,
  ModerationAction,
  ModerationList,
  ModerationQuery,
  PostIdParams,
  ReportRequest,
  ReportResult,
  StarRequest,
  StarResult,
  UserRelated,
  UserRelatedParams,
} from "@davmu/contracts/interaction";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyRequest } from "fastify";
import { Type } from "typebox";
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from "../../lib/api-error.ts";
import type { Config } from "../../plugins/config.ts";
import { editorKeyCheck } from "../../plugins/editor-key.ts";
import { type ContentRow, createContentRepository } from "../content/repository.ts";
import { type CommentWithAuthor, createCommentRepository } from "./comments.ts";
import { defaultRules, type ModerationRules, moderate, normaliseComment } from "./moderation.ts";
import { createReactionRepository } from "./reactions.ts";

const DUPLICATE_WINDOW_MS = 60_000;
const Ok = Envelope(Type.Null());

/**
 * Comments, collections, stars and follows (spec §7 Interaction, media-account variants), with
 * moderation (R-MOD-1/2) and limits (R-SEC-RATE). Every write needs a logged-in user and acts
 * only on that user's own rows.
 */
export const interactionRoutes: FastifyPluginAsyncTypebox<{ config: Config; codec: PublicIdCodec }> = async (
  app,
  { config, codec },
) => {
  const db = app.database.db;
  const contents = createContentRepository(db);
  // pages show a post's first comments: a change to them reaches the caches like a change to the post
  const comments = createCommentRepository(db, { threadChanged: (id) => app.contentChanges.publish(id) });
  const reactions = createReactionRepository(db);
  const userId = (request: FastifyRequest) => request.session?.userId as number;
  const viewerId = (request: FastifyRequest) =>
    request.session?.kind === "user" ? (request.session.userId ?? null) : null;

  async function availableContent(publicId: string, opts: { mp?: boolean } = {}): Promise<ContentRow> {
    const id = codec.decode(publicId);
    const row = id === null ? undefined : await contents.findById(id);
    if (!row || unavailableStates.includes(row.state)) {
      throw notFound("内容不存在或已下线", ErrorCode.contentUnavailable);
    }
    if (opts.mp && row.mp_id === null) throw notFound("该内容不是媒体号内容");
    return row;
  }

  async function visibleComment(publicId: string, contentId: number, viewer: number | null) {
    const id = codec.decode(publicId);
    const row = id === null ? undefined : await comments.findById(id);
    const visible =
      row &&
      row.content_id === contentId &&
      (row.status === "published" || (row.status === "pending" && row.user_id === viewer));
    if (!row || !visible) throw notFound("评论不存在或已删除");
    return row;
  }

  async function moderationRules(): Promise<ModerationRules> {
    const row = await db
      .selectFrom("settings")
      .select("value")
      .where("key", "=", "moderation_rules")
      .executeTakeFirst();
    if (!row) return defaultRules;
    try {
      const parsed = JSON.parse(row.value) as Partial<ModerationRules>;
      return { banned: parsed.banned ?? defaultRules.banned, masked: parsed.masked ?? defaultRules.masked };
    } catch {
      app.log.warn("settings.moderation_rules is not JSON; using the default rules");
      return defaultRules;
    }
  }

  function present(row: CommentWithAuthor, post: string, viewer: number | null, starred: Set<number>, replyAlias = "") {
    return {
      gid: codec.encode(row.id),
      post_id: post,
      content: row.body,
      alias: row.alias,
      avatar: row.avatar,
      user: { mp_name: "" },
      created_at: new Date(Number(row.created_at)).toISOString(),
      ip_location: row.ip_location,
      star: starred.has(row.id),
      star_count: row.star_count,
      reply_count: row.reply_count,
      reply_alias: replyAlias || row.target_alias,
      owner_user_id: codec.encode(row.user_id),
      comment_type: row.root_id === 0 ? 0 : 1,
      parent_id: row.root_id === 0 ? "" : codec.encode(row.root_id),
      replys: [],
      level: (row.root_id === 0 ? 1 : 2) as 1 | 2,
      status: row.status === "pending" ? ("pending" as const) : ("published" as const),
      mine: viewer !== null && row.user_id === viewer,
    };
  }

  async function listThread(
    request: FastifyRequest,
    postId: string,
    rootPublicId: string | null,
    query: { page: number; size: number; cursor?: string },
    opts: { mp?: boolean } = {},
  ) {
    const content = await availableContent(postId, opts);
    const viewer = viewerId(request);
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
      afterId = codec.decode(query.cursor);
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
        list: rows.map((r) => present(r, postId, viewer, starred)),
        total: Math.max(0, total),
        page: query.page,
        size: query.size,
        has_more: hasMore,
        next_cursor: hasMore && last ? codec.encode(last.id) : null,
      },
    };
  }

  const commentList = {
    tags: ["interaction"],
    querystring: CommentListQuery,
    response: { 200: Envelope(CommentList), "4xx": ErrorEnvelope },
  };

  for (const [path, mp, summary] of [
    ["/peony/v1/comment/:post_id", false, "Top-level comments of a post, newest first (page size 10 from page 1)"],
    ["/dinner/comment/:post_id", true, "Comments of a media-account post"],
    ["/inner/comment/:post_id", false, "Comments of a post (server-side rendering)"],
  ] as const) {
    app.get(
      path,
      {
        onRequest: app.optionalSession,
        schema: {
          ...commentList,
          summary,
          description:
            "Keyset-paginated: pass `next_cursor` as `cursor` for the next page. A numbered `page` without a cursor also works. Held comments appear to their author only.",
          params: PostIdParams,
        },
      },
      (request) => listThread(request, request.params.post_id, null, request.query, { mp }),
    );
  }

  app.get(
    "/peony/v1/comment/:post_id/:cid",
    {
      onRequest: app.optionalSession,
      schema: { ...commentList, summary: "Replies of a top-level comment, oldest first", params: CommentReplyParams },
    },
    (request) => listThread(request, request.params.post_id, request.params.cid, request.query),
  );

  async function postComment(
    request: FastifyRequest<{ Params: { post_id: string }; Body: CommentCreate }>,
    mp: boolean,
  ) {
    const content = await availableContent(request.params.post_id, { mp });
    if (!content.comment_available && !content.enable_comment) throw forbidden("评论已关闭");
    const user = userId(request);
    const body = request.body;
    const text = normaliseComment(body.content);
    if (!text) throw badRequest("评论内容不能为空");

    let rootId = 0;
    let target: { id: number; alias: string } | null = null;
    if (body.parent_id) {
      const parent = await visibleComment(body.parent_id, content.id, user);
      rootId = parent.root_id === 0 ? parent.id : parent.root_id;
      target = { id: parent.user_id, alias: parent.alias };
    } else if (body.comment_type === 1) {
      throw badRequest("参数错误：回复需要 parent_id");
    }

    const now = Date.now();
    const recent = await comments.recentByUser(user, now - DUPLICATE_WINDOW_MS);
    if (recent.length >= config.limits.commentsPerUserPerMinute) throw tooManyRequests("评论过于频繁，请稍后再试");
    const verdict = moderate(text, await moderationRules());
    if (verdict.action === "reject") throw badRequest("评论内容包含违规词语，请修改后再发");
    if (recent.some((r) => r.body === verdict.text)) throw conflict("请勿重复发表相同的评论");

    const id = await comments.insert({
      content_id: content.id,
      user_id: user,
      root_id: rootId,
      target_user_id: target?.id ?? null,
      target_alias: target && rootId !== 0 && target.id !== user ? target.alias : "",
      body: verdict.text,
      status: verdict.action === "hold" ? "pending" : "published",
      hold_reason: verdict.action === "hold" ? verdict.reason : "",
      ip_location: "",
      created_at: now,
    });
    const row = await comments.findById(id);
    if (!row) throw notFound("评论不存在或已删除");
    const held = row.status === "pending";
    request.log.info({ commentId: id, contentId: content.id, held }, "comment posted");
    return {
      code: 0,
      msg: held ? "评论已提交，审核通过后展示" : "评论成功",
      data: present(row, request.params.post_id, user, new Set()),
    };
  }

  const commentLimit = {
    rateLimit: { max: config.limits.commentsPerIpPerMinute, timeWindow: 60_000, groupId: "comment" },
  };
  for (const [path, mp] of [
    ["/peony/v1/comment/:post_id", false],
    ["/guzzle/v1/comment/:post_id", true],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireUser,
        config: commentLimit,
        schema: {
          tags: ["interaction"],
          summary: mp ? "Comments on a media-account post" : "Comments on a post, or replies with parent_id",
          description:
            "Text is stored as plain text. Banned words are refused, listed words masked, comments with links held for review (visible to their author only), the same text twice within 60 s refused.",
          params: PostIdParams,
          body: CommentCreate,
          response: { 200: Envelope(Comment), "4xx": ErrorEnvelope },
        },
      },
      (request) => postComment(request, mp),
    );
  }

  app.post(
    "/peony/v1/comment/:post_id/:cid/report",
    {
      onRequest: app.requireUser,
      config: commentLimit,
      schema: {
        tags: ["interaction"],
        summary: "Reports a comment; five reports hold it for an editor",
        params: CommentReplyParams,
        body: ReportRequest,
        response: { 200: Envelope(ReportResult), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const content = await availableContent(request.params.post_id);
      const comment = await visibleComment(request.params.cid, content.id, userId(request));
      if (comment.user_id === userId(request)) throw badRequest("不能举报自己的评论");
      await comments.report(comment.id, userId(request), request.body.reason, request.body.detail ?? "");
      return { code: 0, msg: "举报成功，我们会尽快处理", data: { reported: true } };
    },
  );

  for (const [path, mp] of [
    ["/peony/v1/collection/:id", false],
    ["/guzzle/v1/collection/:id", true],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireUser,
        schema: {
          tags: ["interaction"],
          summary: mp ? "Collects or uncollects a media-account post" : "Collects (add) or uncollects (del) a post",
          params: ContentIdParams,
          body: CollectionRequest,
          response: { 200: Envelope(CollectionResult), "4xx": ErrorEnvelope },
        },
      },
      async (request) => {
        const content = await availableContent(request.params.id, { mp });
        const on = request.body.type === "add";
        const data = await reactions.setCollected(userId(request), content.id, on);
        return { code: 0, msg: on ? "收藏成功" : "已取消收藏", data };
      },
    );
  }

  app.get(
    "/peony/v3/content/:type/:id/user_related",
    {
      onRequest: app.requireSession,
      schema: {
        tags: ["interaction"],
        summary: "Whether the current user collected or starred a post and follows its media account",
        params: UserRelatedParams,
        response: { 200: Envelope(UserRelated), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const content = await availableContent(request.params.id);
      const type = request.params.type;
      if (type !== content.content_type && type !== routeTypeFor(content.content_type as never)) {
        throw badRequest(`参数错误：内容类型 ${type} 与内容不符`);
      }
      const viewer = viewerId(request);
      const data =
        viewer === null
          ? { is_collect: false, is_star: false, is_followed: false }
          : await reactions.related(viewer, content.id, content.mp_id);
      return { code: 0, msg: "ok", data };
    },
  );

  for (const [path, mp] of [
    ["/peony/v1/star", false],
    ["/guzzle/v1/star", true],
  ] as const) {
    app.post(
      path,
      {
        onRequest: app.requireUser,
        schema: {
          tags: ["interaction"],
          summary: "Stars (likes) a comment by cid, or a post by post_id",
          body: StarRequest,
          response: { 200: Envelope(StarResult), "4xx": ErrorEnvelope },
        },
      },
      async (request) => {
        const { cid, post_id: postId, type } = request.body;
        if (!cid === !postId) throw badRequest("参数错误：需要 cid 或 post_id 之一");
        const on = type === "add";
        if (postId) {
          const content = await availableContent(postId, { mp });
          return { code: 0, msg: "ok", data: await reactions.setContentStar(userId(request), content.id, on) };
        }
        const id = codec.decode(cid as string);
        const comment = id === null ? undefined : await comments.findById(id);
        if (comment?.status !== "published") throw notFound("评论不存在或已删除");
        return { code: 0, msg: "ok", data: await comments.star(userId(request), comment.id, on) };
      },
    );
  }

  async function mediaAccount(publicId: string) {
    const id = codec.decode(publicId);
    const account = id === null ? undefined : await reactions.mediaAccount(id);
    if (!account) throw notFound("媒体号不存在");
    return account;
  }

  app.post(
    "/guzzle/v1/mp/follow/:id",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["media account"],
        summary: "Follows (add) or unfollows (del) a media account",
        params: IdParams,
        body: FollowRequest,
        response: { 200: Envelope(FollowResult), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const account = await mediaAccount(request.params.id);
      const on = request.body.type === "add";
      const data = await reactions.setFollowing(userId(request), account.id, on);
      return { code: 0, msg: on ? "关注成功" : "已取消关注", data };
    },
  );

  app.post(
    "/guzzle/v1/mp/is_followed/:id",
    {
      onRequest: app.requireSession,
      schema: {
        tags: ["media account"],
        summary: "Whether the current user follows a media account",
        params: IdParams,
        response: { 200: Envelope(FollowResult), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const account = await mediaAccount(request.params.id);
      const viewer = viewerId(request);
      const followed = viewer !== null && (await reactions.isFollowing(viewer, account.id));
      return { code: 0, msg: "ok", data: { is_followed: followed, follower_count: account.follower_count } };
    },
  );

  const presentAccount = (
    a: { id: number; name: string; avatar: string; description: string; follower_count: number },
    contentCount: number,
    followed: boolean,
  ) => ({
    id: codec.encode(a.id),
    name: a.name,
    avatar: a.avatar,
    description: a.description,
    follower_count: a.follower_count,
    content_count: contentCount,
    is_followed: followed,
  });

  app.get(
    "/dinner/mp/info/:id",
    {
      onRequest: app.optionalSession,
      schema: {
        tags: ["media account"],
        summary: "A media account's profile",
        params: IdParams,
        response: { 200: Envelope(MediaAccountInfo), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const account = await mediaAccount(request.params.id);
      const viewer = viewerId(request);
      const followed = viewer !== null && (await reactions.isFollowing(viewer, account.id));
      return { code: 0, msg: "ok", data: presentAccount(account, account.content_count, followed) };
    },
  );

  app.get(
    "/dinner/mp/followlist",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["media account"],
        summary: "The media accounts the user follows, latest first (up to 100)",
        response: { 200: Envelope(FollowList), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const rows = await reactions.followList(userId(request), 100);
      return {
        code: 0,
        msg: "ok",
        data: { list: rows.map((a) => presentAccount(a, 0, true)), total: rows.length },
      };
    },
  );

  // editors' moderation, behind the API key
  const requireEditor = editorKeyCheck(config.editorApiKey);

  const toModerationItem = (row: CommentWithAuthor) => ({
    gid: codec.encode(row.id),
    post_id: codec.encode(row.content_id),
    content: row.body,
    alias: row.alias,
    status:
      row.status === "pending"
        ? ("pending" as const)
        : row.status === "rejected"
          ? ("rejected" as const)
          : ("published" as const),
    report_count: row.report_count,
    hold_reason: row.hold_reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
  });

  app.get(
    "/editor/v1/comments",
    {
      onRequest: requireEditor,
      schema: {
        tags: ["editor"],
        summary: "Moderation queue: held comments (pending) or reported published ones",
        querystring: ModerationQuery,
        response: { 200: Envelope(ModerationList), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const rows = await comments.moderationQueue(request.query.status, request.query.size);
      return { code: 0, msg: "ok", data: { list: rows.map(toModerationItem) } };
    },
  );

  async function editorComment(publicId: string) {
    const id = codec.decode(publicId);
    const row = id === null ? undefined : await comments.findById(id);
    if (!row || row.status === "deleted") throw notFound("评论不存在或已删除");
    return row;
  }

  app.post(
    "/editor/v1/comments/:id",
    {
      onRequest: requireEditor,
      schema: {
        tags: ["editor"],
        summary: "Approves (publishes) or rejects a comment",
        params: IdParams,
        body: ModerationAction,
        response: { 200: Ok, "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const row = await editorComment(request.params.id);
      const status = request.body.action === "approve" ? "published" : "rejected";
      await comments.setStatus(row.id, status, "");
      request.log.info({ commentId: row.id, status }, "comment moderated");
      return { code: 0, msg: status === "published" ? "已通过" : "已驳回", data: null };
    },
  );

  app.delete(
    "/editor/v1/comments/:id",
    {
      onRequest: requireEditor,
      schema: {
        tags: ["editor"],
        summary: "Deletes a comment (it disappears for everyone, its author included)",
        params: IdParams,
        response: { 200: Ok, "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const row = await editorComment(request.params.id);
      await comments.setStatus(row.id, "deleted");
      request.log.info({ commentId: row.id }, "comment deleted");
      return { code: 0, msg: "已删除", data: null };
    },
  );
};
