import type { ColumnType, Generated } from "kysely";

// Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL.

export type CommentStatusValue = "published" | "pending" | "rejected" | "deleted";

export interface CommentsTable {
  id: Generated<number>;
  content_id: number;
  user_id: number;
  /** 0 for a top-level comment, else the top-level comment this reply belongs to. */
  root_id: number;
  target_user_id: number | null;
  target_alias: string;
  body: string;
  status: CommentStatusValue;
  /** Why a comment is held for review, e.g. "link" or "reports". */
  hold_reason: string;
  ip_location: string;
  star_count: number;
  reply_count: number;
  report_count: number;
  created_at: number;
  /** The editor who last approved, rejected or deleted it (migration 020). */
  handled_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface CommentReportsTable {
  comment_id: number;
  user_id: number;
  reason: string;
  detail: string;
  created_at: number;
}

/** The comments on posts and their reports. */
export interface CommentTables {
  comments: CommentsTable;
  comment_reports: CommentReportsTable;
}

/** The moderators' bans of commenting users (migration 021): one row per banned user. */
export interface UserBansTable {
  user_id: number;
  /** The editor who banned them. */
  banned_by: number | null;
  reason: string;
  /** Epoch ms. */
  created_at: number;
}

export type CommentModerationTables = {
  user_bans: UserBansTable;
};
