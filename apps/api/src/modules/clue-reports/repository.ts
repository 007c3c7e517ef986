import type { CluePicture, ClueStatus, ClueTimelineEntry, ClueVideo } from "@davmu/contracts/clue-reports";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
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
