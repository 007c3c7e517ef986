import type { Generated, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The tables of migration 013, typed beside the only code that reads them. Times are epoch ms. */
export interface ClueReportersTable {
  id: Generated<number>;
  name: string;
  avatar: string;
  title: string;
  bio: string;
  follower_count: Generated<number>;
  /** stable key of demo and imported reporters; null otherwise */
  external_key: string | null;
  created_at: number;
}

export interface ClueReportsTable {
  id: Generated<number>;
  external_key: string | null;
  author_alias: string;
  author_avatar: string;
  author_user_id: number | null;
  title: string;
  content: string;
  location: string;
  /** CluePicture[] as JSON */
  pictures_json: string;
  /** ClueVideo as JSON, or null */
  video_json: string | null;
  status: string;
  /** ClueTimelineEntry[] as JSON, times as epoch ms */
  timeline_json: string;
  handler_id: number | null;
  reply_content: string | null;
  replied_at: number | null;
  view_sum: Generated<number>;
  /** 1 published, 0 withdrawn (answers as missing) */
  published: Generated<number>;
  reported_at: number;
  created_at: number;
}

export interface ClueTopicsTable {
  name: string;
  description: string;
  cover: string;
  /** place on the recommended list; null when not recommended */
  recommend_position: number | null;
  created_at: number;
}

export interface ClueReportTopicsTable {
  report_id: number;
  topic_name: string;
  position: number;
}

export interface ClueReportMentionsTable {
  report_id: number;
  reporter_id: number;
  position: number;
}

export interface CluePostLinksTable {
  content_id: number;
  position: number;
}

export interface PichoCatalogsTable {
  rid: string;
  id: string;
  name: string;
  description: string;
  cover: string;
  position: number;
}

export interface PichoContentsTable {
  uuid: string;
  rid: string;
  catalog_id: string;
  title: string;
  summary: string;
  cover: string;
  source: string;
  author: string;
  body_html: string;
  publish_at: number;
  view_count: Generated<number>;
  published: Generated<number>;
}

export type ClueTables = {
  clue_reporters: ClueReportersTable;
  clue_reports: ClueReportsTable;
  clue_topics: ClueTopicsTable;
  clue_report_topics: ClueReportTopicsTable;
  clue_report_mentions: ClueReportMentionsTable;
  clue_report_posts: CluePostLinksTable & { report_id: number };
  clue_reporter_posts: CluePostLinksTable & { reporter_id: number };
  picho_catalogs: PichoCatalogsTable;
  picho_contents: PichoContentsTable;
  clue_report_comments: ClueReportCommentsTable;
};

/** The database (or a transaction) seen with these tables. */
export const clueDb = (db: Kysely<Database>) => db.withTables<ClueTables>();
export type ClueDb = ReturnType<typeof clueDb>;

/** Migration 018: readers' comments on a report. Times are epoch ms. */
export interface ClueReportCommentsTable {
  id: Generated<number>;
  report_id: number;
  user_id: number;
  body: string;
  /** "published", or "pending" (held for review, shown to its author only); "rejected" or "deleted" by a moderator */
  status: string;
  hold_reason: Generated<string>;
  created_at: number;
  /** The editor who last moderated it (migration 022). */
  handled_by: Generated<number | null>;
}
