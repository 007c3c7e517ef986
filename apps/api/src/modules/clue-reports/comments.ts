import { calls } from "@davmu/contracts/calls";
import type { Comment } from "@davmu/contracts/interaction";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { notFound } from "../../lib/api-error.ts";
import type { Refusal, ThreadStore } from "../../lib/comment-thread/posting.ts";
import { type CommentThread, commentThread, commentWording } from "../../lib/comment-thread/thread.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import type { ClueReportCommentsTable } from "./tables.ts";

type CommentTables = { clue_report_comments: ClueReportCommentsTable };

/** Where report comments are counted for the per-user limit and the duplicate rule. */
const store: ThreadStore = { table: "clue_report_comments", lock: "clue-report-comments" };

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
     * Records a comment under the thread's per-user limit and duplicate rule (R-SEC-RATE, R-MOD-1),
     * counted and recorded in one step per author (recordUnderLimits).
     */
    async insertUnderLimits(
      values: {
        report_id: number;
        user_id: number;
        body: string;
        status: string;
        hold_reason: string;
        created_at: number;
      },
      thread: CommentThread,
    ): Promise<{ id: number } | { refused: Refusal }> {
      const text = { author: values.user_id, body: values.body, at: values.created_at };
      const result = await thread.record(database, store, text, (transaction) =>
        transaction
          .withTables<CommentTables>()
          .insertInto("clue_report_comments")
          .values(values)
          .returning("id")
          .executeTakeFirstOrThrow(),
      );
      return "refused" in result ? result : { id: result.recorded.id };
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
      const author = await app.database.db
        .selectFrom("users")
        .select(["alias", "avatar"])
        .where("id", "=", user)
        .executeTakeFirstOrThrow();
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
