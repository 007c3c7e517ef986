import type { CluePicture, ClueStatus, ClueTimelineEntry, ClueVideo } from "@davmu/contracts/clue-reports";
import { unavailableStates } from "@davmu/contracts/content";
import type { FastifyInstance } from "fastify";
import { type Kysely, sql } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { type ClueDb, clueDb } from "./tables.ts";

/** A step of the follow-up as stored: its time in epoch ms. */
export type StoredTimelineEntry = Omit<ClueTimelineEntry, "at"> & { at: number };

/** What a new clue report is made of (the editors publishing a tip, the demo data, an import). */
export interface NewClueReport {
  title: string;
  /** plain text; paragraphs separated by blank lines */
  content: string;
  /** the reader who sent it, as published (an alias, never a phone number) */
  author: { alias: string; avatar: string; userId?: number | null };
  location?: string;
  pictures?: CluePicture[];
  video?: ClueVideo | null;
  /** topic names; topics not yet known are created */
  topics?: string[];
  /** reporters the tip names (@), by id */
  mentions?: number[];
  /** the reporter following it up, by id */
  handlerId?: number | null;
  status?: ClueStatus;
  /** the follow-up so far; by default one `pending` step at the report's time */
  timeline?: StoredTimelineEntry[];
  reply?: { content: string; repliedAt: number } | null;
  /** news items the newsroom published on it, by content id */
  relatedPostIds?: number[];
  /** when the reader sent it (epoch ms); by default now */
  reportedAt?: number;
  viewSum?: number;
  /** a stable key (demo data, imports): a second call with the same key changes that report */
  externalKey?: string;
}

export const maxTopicLength = 50;

// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is dropped
const controlCharacters = /[\u0000-\u001f\u007f]/g;

/**
 * A topic name as the topic call can reach it: control characters dropped, spaces collapsed and
 * trimmed, at most 50 UTF-16 units (a character is never cut in half). Empty when nothing is left.
 */
export function normalizeTopicName(name: string): string {
  const cleaned = name.replace(controlCharacters, " ").replace(/\s+/g, " ").trim();
  let out = "";
  for (const char of cleaned) {
    if (out.length + char.length > maxTopicLength) break;
    out += char;
  }
  return out.trim();
}

/**
 * Creates (or, with the same `externalKey`, replaces) a published clue report with its topics,
 * mentions and related posts, in one transaction (the caller's, when it passes one). Answers the
 * report's id; its public id is `app.publicIds.encode(id)`.
 */
export async function createClueReport(
  database: Kysely<Database>,
  report: NewClueReport,
  now = Date.now(),
): Promise<{ id: number }> {
  const write = async (trx: ClueDb) => {
    const reportedAt = report.reportedAt ?? now;
    const status = report.status ?? "pending";
    const values = {
      author_alias: report.author.alias,
      author_avatar: report.author.avatar,
      author_user_id: report.author.userId ?? null,
      title: report.title,
      content: report.content,
      location: report.location ?? "",
      pictures_json: JSON.stringify(report.pictures ?? []),
      video_json: report.video ? JSON.stringify(report.video) : null,
      status,
      timeline_json: JSON.stringify(report.timeline ?? [{ status: "pending", note: "报料已提交", at: reportedAt }]),
      handler_id: report.handlerId ?? null,
      reply_content: report.reply?.content ?? null,
      replied_at: report.reply?.repliedAt ?? null,
      view_sum: report.viewSum ?? 0,
      reported_at: reportedAt,
    };
    const row = report.externalKey
      ? await trx
          .insertInto("clue_reports")
          .values({ ...values, external_key: report.externalKey, created_at: now })
          .onConflict((oc) => oc.column("external_key").doUpdateSet(values))
          .returning("id")
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("clue_reports")
          .values({ ...values, external_key: null, created_at: now })
          .returning("id")
          .executeTakeFirstOrThrow();
    const id = row.id;
    await trx.deleteFrom("clue_report_topics").where("report_id", "=", id).execute();
    await trx.deleteFrom("clue_report_mentions").where("report_id", "=", id).execute();
    await trx.deleteFrom("clue_report_posts").where("report_id", "=", id).execute();
    const topics = [...new Set((report.topics ?? []).map(normalizeTopicName).filter((t) => t.length > 0))];
    for (const [position, name] of topics.entries()) {
      await trx
        .insertInto("clue_topics")
        .values({ name, description: "", cover: "", recommend_position: null, created_at: now })
        .onConflict((oc) => oc.column("name").doNothing())
        .execute();
      await trx.insertInto("clue_report_topics").values({ report_id: id, topic_name: name, position }).execute();
    }
    const mentions = [...new Set(report.mentions ?? [])];
    if (mentions.length) {
      await trx
        .insertInto("clue_report_mentions")
        .values(mentions.map((reporter_id, position) => ({ report_id: id, reporter_id, position })))
        .execute();
    }
    const posts = [...new Set(report.relatedPostIds ?? [])];
    if (posts.length) {
      await trx
        .insertInto("clue_report_posts")
        .values(posts.map((content_id, position) => ({ report_id: id, content_id, position })))
        .execute();
    }
    return { id };
  };
  if (database.isTransaction) return write(clueDb(database));
  return database.transaction().execute((trx) => write(clueDb(trx)));
}

/** A newsroom reporter, created or (by `externalKey`) updated. */
export async function saveClueReporter(
  database: Kysely<Database>,
  reporter: { name: string; avatar: string; title: string; bio: string; followerCount?: number; externalKey: string },
  now = Date.now(),
): Promise<{ id: number }> {
  const values = {
    name: reporter.name,
    avatar: reporter.avatar,
    title: reporter.title,
    bio: reporter.bio,
    follower_count: reporter.followerCount ?? 0,
  };
  return clueDb(database)
    .insertInto("clue_reporters")
    .values({ ...values, external_key: reporter.externalKey, created_at: now })
    .onConflict((oc) => oc.column("external_key").doUpdateSet(values))
    .returning("id")
    .executeTakeFirstOrThrow();
}

/** Links news items a reporter wrote (their page's related posts), in this order. */
export async function setReporterPosts(database: Kysely<Database>, reporterId: number, contentIds: number[]) {
  const db = clueDb(database);
  await db.deleteFrom("clue_reporter_posts").where("reporter_id", "=", reporterId).execute();
  if (contentIds.length === 0) return;
  await db
    .insertInto("clue_reporter_posts")
    .values(contentIds.map((content_id, position) => ({ reporter_id: reporterId, content_id, position })))
    .execute();
}

/** A topic's description, cover and place on the recommended list (null: not recommended). */
export async function saveClueTopic(
  database: Kysely<Database>,
  topic: { name: string; description: string; cover: string; recommendPosition: number | null },
  now = Date.now(),
) {
  const values = { description: topic.description, cover: topic.cover, recommend_position: topic.recommendPosition };
  await clueDb(database)
    .insertInto("clue_topics")
    .values({ name: topic.name, ...values, created_at: now })
    .onConflict((oc) => oc.column("name").doUpdateSet(values))
    .execute();
}

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

declare module "fastify" {
  interface FastifyInstance {
    /** Clue reports (modules/clue-reports): the read side of the reports, topics and reporters. */
    clueReports: ClueQueries;
  }
}

export const clueReportsPlugin = repositoryPlugin("clue-reports", "clueReports", (app: FastifyInstance) =>
  createClueQueries(app.database.db),
);
