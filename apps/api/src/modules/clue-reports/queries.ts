import { unavailableStates } from "@davmu/contracts/content";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { clueDb } from "./tables.ts";

export type ClueOrder = "view_sum" | "latest";

/** The read side of clue reports: published reports only, withdrawn ones answer as missing. */
export function createClueQueries(database: Kysely<Database>) {
  const db = clueDb(database);
  const published = () => db.selectFrom("clue_reports as r").where("r.published", "=", 1);

  async function page<Q extends ReturnType<typeof published>>(
    query: Q,
    order: ClueOrder,
    offset: number,
    limit: number,
  ) {
    const ordered =
      order === "view_sum"
        ? query.orderBy("r.view_sum", "desc").orderBy("r.id", "desc")
        : query.orderBy("r.reported_at", "desc").orderBy("r.id", "desc");
    const [rows, count] = await Promise.all([
      ordered.selectAll("r").offset(offset).limit(limit).execute(),
      query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }

  return {
    report: (id: number) => published().selectAll("r").where("r.id", "=", id).executeTakeFirst(),

    /** Counts a view in one statement and answers the new count (null: no such published report). */
    async countView(id: number): Promise<number | null> {
      const row = await db
        .updateTable("clue_reports")
        .set({ view_sum: sql<number>`view_sum + 1` })
        .where("id", "=", id)
        .where("published", "=", 1)
        .returning("view_sum")
        .executeTakeFirst();
      return row ? Number(row.view_sum) : null;
    },

    /** Topic names of each report, in the report's order. */
    async topicsOf(reportIds: number[]): Promise<Map<number, string[]>> {
      const map = new Map<number, string[]>();
      if (reportIds.length === 0) return map;
      const rows = await db
        .selectFrom("clue_report_topics")
        .select(["report_id", "topic_name"])
        .where("report_id", "in", reportIds)
        .orderBy("report_id")
        .orderBy("position")
        .execute();
      for (const row of rows) map.set(row.report_id, [...(map.get(row.report_id) ?? []), row.topic_name]);
      return map;
    },

    reporter: (id: number) => db.selectFrom("clue_reporters").selectAll().where("id", "=", id).executeTakeFirst(),

    reporters: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : db.selectFrom("clue_reporters").selectAll().where("id", "in", ids).execute(),

    mentionsOf: (reportId: number) =>
      db
        .selectFrom("clue_report_mentions as m")
        .innerJoin("clue_reporters as p", "p.id", "m.reporter_id")
        .selectAll("p")
        .where("m.report_id", "=", reportId)
        .orderBy("m.position")
        .execute(),

    /** Published news items linked to a report, in order. */
    reportPosts: (reportId: number) =>
      db
        .selectFrom("clue_report_posts as l")
        .innerJoin("contents as c", "c.id", "l.content_id")
        .selectAll("c")
        .where("l.report_id", "=", reportId)
        .where("c.state", "not in", unavailableStates)
        .orderBy("l.position")
        .limit(20)
        .execute(),

    /** A page of a topic's channel list. */
    topicReports: (name: string, order: ClueOrder, offset: number, limit: number) =>
      page(
        published().where((eb) =>
          eb.exists(
            eb
              .selectFrom("clue_report_topics as t")
              .select("t.report_id")
              .whereRef("t.report_id", "=", "r.id")
              .where("t.topic_name", "=", name),
          ),
        ),
        order,
        offset,
        limit,
      ),

    handledBy: (reporterId: number, offset: number, limit: number) =>
      page(published().where("r.handler_id", "=", reporterId), "latest", offset, limit),

    mentioning: (reporterId: number, offset: number, limit: number) =>
      page(
        published().where((eb) =>
          eb.exists(
            eb
              .selectFrom("clue_report_mentions as m")
              .select("m.report_id")
              .whereRef("m.report_id", "=", "r.id")
              .where("m.reporter_id", "=", reporterId),
          ),
        ),
        "latest",
        offset,
        limit,
      ),

    /** Published news items a reporter wrote, in the editors' order. */
    async reporterPosts(reporterId: number, offset: number, limit: number) {
      const query = db
        .selectFrom("clue_reporter_posts as l")
        .innerJoin("contents as c", "c.id", "l.content_id")
        .where("l.reporter_id", "=", reporterId)
        .where("c.state", "not in", unavailableStates);
      const [rows, count] = await Promise.all([
        query.selectAll("c").orderBy("l.position").offset(offset).limit(limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    topic: (name: string) => db.selectFrom("clue_topics").selectAll().where("name", "=", name).executeTakeFirst(),

    recommendedTopics: () =>
      db
        .selectFrom("clue_topics")
        .selectAll()
        .where("recommend_position", "is not", null)
        .orderBy("recommend_position")
        .limit(20)
        .execute(),

    /** Published reports and their views together, per topic. */
    async topicStats(names: string[]): Promise<Map<string, { count: number; views: number }>> {
      const map = new Map<string, { count: number; views: number }>();
      if (names.length === 0) return map;
      const rows = await db
        .selectFrom("clue_report_topics as t")
        .innerJoin("clue_reports as r", "r.id", "t.report_id")
        .select((eb) => [
          "t.topic_name",
          eb.fn.countAll<number>().as("n"),
          eb.fn.coalesce(eb.fn.sum<number>("r.view_sum"), sql<number>`0`).as("views"),
        ])
        .where("t.topic_name", "in", names)
        .where("r.published", "=", 1)
        .groupBy("t.topic_name")
        .execute();
      for (const row of rows) map.set(row.topic_name, { count: Number(row.n), views: Number(row.views) });
      return map;
    },

    /** How many published reports a reporter follows up and is mentioned in, and their news items. */
    async reporterCounts(reporterId: number) {
      const [handled, mentioned, posts] = await Promise.all([
        published()
          .where("r.handler_id", "=", reporterId)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        published()
          .innerJoin("clue_report_mentions as m", "m.report_id", "r.id")
          .where("m.reporter_id", "=", reporterId)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom("clue_reporter_posts as l")
          .innerJoin("contents as c", "c.id", "l.content_id")
          .where("l.reporter_id", "=", reporterId)
          .where("c.state", "not in", unavailableStates)
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { clues: Number(handled.n), mentions: Number(mentioned.n), posts: Number(posts.n) };
    },
  };
}

export type ClueQueries = ReturnType<typeof createClueQueries>;
