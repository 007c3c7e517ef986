import { calls } from "@davmu/contracts/calls";
import type { Comment } from "@davmu/contracts/interaction";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyInstance } from "fastify";
import type { Generated, Kysely } from "kysely";
import { withKeyLocks } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { badRequest, conflict, notFound, tooManyRequests } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import { moderate, normaliseComment, type PostingWindow, postingRefusal } from "../comments/moderation.ts";
import { loadModerationRules } from "../comments/moderation-rules.ts";
import { createClueQueries } from "./queries.ts";

/** Migration 018: readers' comments on a report. Times are epoch ms. */
export interface ClueReportCommentsTable {
  id: Generated<number>;
  report_id: number;
  user_id: number;
  body: string;
  /** "published", or "pending" (held for review, shown to its author only) */
  status: string;
  hold_reason: Generated<string>;
  created_at: number;
}
type CommentTables = { clue_report_comments: ClueReportCommentsTable };

const DUPLICATE_WINDOW_MS = 60_000;

interface Row {
  id: number;
  user_id: number;
  body: string;
  status: string;
  created_at: number;
  alias: string;
  avatar: string;
}

function createReportComments(database: Kysely<Database>) {
  const db = database.withTables<CommentTables>();
  const visible = (reportId: number, viewer: number | null) =>
    db
      .selectFrom("clue_report_comments as c")
      .where("c.report_id", "=", reportId)
      .where((eb) =>
        viewer === null
          ? eb("c.status", "=", "published")
          : eb.or([
              eb("c.status", "=", "published"),
              eb.and([eb("c.status", "=", "pending"), eb("c.user_id", "=", viewer)]),
            ]),
      );
  return {
    async page(reportId: number, viewer: number | null, page: number, size: number) {
      const [rows, count] = await Promise.all([
        visible(reportId, viewer)
          .innerJoin("users", "users.id", "c.user_id")
          .select(["c.id", "c.user_id", "c.body", "c.status", "c.created_at", "users.alias", "users.avatar"])
          .orderBy("c.id", "desc")
          .limit(size + 1)
          .offset((page - 1) * size)
          .execute(),
        visible(reportId, viewer)
          .select((eb) => eb.fn.countAll<number | string>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows: rows.slice(0, size) as Row[], hasMore: rows.length > size, total: Number(count.n) };
    },

    /**
     * Records a comment unless its author posted `max` report comments since `since`, or one with the
     * same text (R-SEC-RATE, R-MOD-1): counted and recorded as one step per author (withKeyLocks).
     */
    insertUnderLimits(
      values: {
        report_id: number;
        user_id: number;
        body: string;
        status: string;
        hold_reason: string;
        created_at: number;
      },
      window: PostingWindow,
    ): Promise<{ id: number } | { refused: "rate" | "duplicate" }> {
      return withKeyLocks(database, [`clue-report-comments:user:${values.user_id}`], async (transaction) => {
        const tx = transaction.withTables<CommentTables>();
        const recent = await tx
          .selectFrom("clue_report_comments")
          .select("body")
          .where("user_id", "=", values.user_id)
          .where("created_at", ">", window.since)
          .execute();
        const refused = postingRefusal(recent, values.body, window);
        if (refused) return { refused };
        const row = await tx
          .insertInto("clue_report_comments")
          .values(values)
          .returning("id")
          .executeTakeFirstOrThrow();
        return { id: row.id };
      });
    },
  };
}

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
  const queries = createClueQueries(app.database.db);
  const comments = createReportComments(app.database.db);
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
      const text = normaliseComment(request.body.content);
      if (!text) throw badRequest("评论内容不能为空");
      const verdict = moderate(text, await loadModerationRules(app.database.db, request.log));
      if (verdict.action === "reject") throw badRequest("评论内容包含违规词语，请修改后再发");
      const now = Date.now();
      const held = verdict.action === "hold";
      const recorded = await comments.insertUnderLimits(
        {
          report_id: report.id,
          user_id: user,
          body: verdict.text,
          status: held ? "pending" : "published",
          hold_reason: held ? verdict.reason : "",
          created_at: now,
        },
        { since: now - DUPLICATE_WINDOW_MS, max: config.limits.commentsPerUserPerMinute },
      );
      if ("refused" in recorded) {
        if (recorded.refused === "rate") throw tooManyRequests("评论过于频繁，请稍后再试");
        throw conflict("请勿重复发表相同的评论");
      }
      const author = await app.database.db
        .selectFrom("users")
        .select(["alias", "avatar"])
        .where("id", "=", user)
        .executeTakeFirstOrThrow();
      request.log.info({ reportCommentId: recorded.id, reportId: report.id, held }, "report comment posted");
      const row: Row = {
        id: recorded.id,
        user_id: user,
        body: verdict.text,
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
    { config: { rateLimit: { max: config.limits.commentsPerIpPerMinute, timeWindow: 60_000, groupId: "comment" } } },
  );
}
