import { calls } from "@davmu/contracts/calls";
import type { Comment } from "@davmu/contracts/interaction";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { commentThread, commentWording } from "../../lib/comment-thread/thread.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import { createReportComments, type ReportCommentRow as Row } from "./comments-repository.ts";

/** A report comment in the shape the site's comment list draws (post_id is the report's id). */
function present(codec: PublicIdCodec, row: Row, report: string, viewer: number | null): Comment {
  return {
    gid: codec.encode(row.id),
    post_id: report,
    content: row.body,
    alias: row.alias,
    avatar: row.avatar,
    user: { mp_name: "" },
    created_at: new Date(Number(row.created_at)).toISOString(),
    ip_location: "",
    star: false,
    star_count: 0,
    reply_count: 0,
    reply_alias: "",
    owner_user_id: codec.encode(row.user_id),
    comment_type: 0,
    parent_id: "",
    replys: [],
    level: 1,
    status: row.status === "pending" ? "pending" : "published",
    mine: viewer !== null && row.user_id === viewer,
  };
}

/** Comments on clue reports (R-LAYOUT-2): a page of a report's thread, and posting one when logged in. */
export async function clueReportCommentRoutes(app: FastifyInstance) {
  const { publicIds, config } = app;
  const queries = app.clueReports;
  const comments = createReportComments(app.database.db);
  const thread = commentThread(app.database.db, {
    perUser: config.limits.commentsPerUserPerMinute,
    windowMs: 60_000,
    perIp: { max: config.limits.commentsPerIpPerMinute, group: "comment" },
    wording: commentWording,
    reportsToHold: null,
    blocked: (tx, author) => app.comments.isBanned(tx, author),
  });
  const requireReport = (id: string) =>
    publicIds.require(
      id,
      (n) => queries.report(n),
      () => notFound("报料不存在或已撤回"),
    );

  route(app, calls.clueReportComments, async (request) => {
    const report = await requireReport(request.params.id);
    const viewer = viewerOf(request);
    const { page, size } = request.query;
    const { rows, hasMore, total } = await comments.page(report.id, viewer, page, size);
    return {
      code: 0,
      msg: "ok",
      data: {
        list: rows.map((r) => present(publicIds, r, request.params.id, viewer)),
        total,
        page,
        size,
        has_more: hasMore,
        next_cursor: null,
      },
    };
  });

  route(
    app,
    calls.postClueReportComment,
    async (request) => {
      const report = await requireReport(request.params.id);
      const user = userOf(request);
      const { body, held, holdReason } = await thread.screen(thread.text(request.body.content), request.log);
      const now = Date.now();
      const recorded = await comments.insertUnderLimits(
        {
          report_id: report.id,
          user_id: user,
          body,
          status: held ? "pending" : "published",
          hold_reason: holdReason,
          created_at: now,
        },
        thread,
      );
      if ("refused" in recorded) throw thread.refusal(recorded.refused);
      const author = await comments.author(user);
      request.log.info({ reportCommentId: recorded.id, reportId: report.id, held }, "report comment posted");
      const row: Row = {
        id: recorded.id,
        user_id: user,
        body,
        status: held ? "pending" : "published",
        created_at: now,
        ...author,
      };
      return {
        code: 0,
        msg: held ? "评论已提交，审核通过后展示" : "评论成功",
        data: present(publicIds, row, request.params.id, user),
      };
    },
    thread.routeOptions,
  );
}
