import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { Refusal, ThreadStore } from "../../lib/comment-thread/posting.ts";
import type { CommentThread } from "../../lib/comment-thread/thread.ts";
import type { ClueTables } from "./tables.ts";

/** Where report comments are counted for the per-user limit and the duplicate rule. */
const store: ThreadStore = { table: "clue_report_comments", lock: "clue-report-comments" };

/** A report comment with its author's alias and avatar. */
export interface ReportCommentRow {
  id: number;
  user_id: number;
  body: string;
  status: string;
  created_at: number;
  alias: string;
  avatar: string;
}

export function createReportComments(database: Kysely<Database>) {
  const db = database.withTables<ClueTables>();
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
      return { rows: rows.slice(0, size) as ReportCommentRow[], hasMore: rows.length > size, total: Number(count.n) };
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
          .withTables<ClueTables>()
          .insertInto("clue_report_comments")
          .values(values)
          .returning("id")
          .executeTakeFirstOrThrow(),
      );
      return "refused" in result ? result : { id: result.recorded.id };
    },

    /** The alias and avatar a new comment's author is shown with. */
    author: (userId: number) =>
      database.selectFrom("users").select(["alias", "avatar"]).where("id", "=", userId).executeTakeFirstOrThrow(),
  };
}
