import type { ColumnType, Generated } from "kysely";

/** Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL. */
export interface SettingsTable {
  key: string;
  value: string;
}

export interface NavItemsTable {
  id: string;
  position: number;
  title: string;
  binding: string;
  category: string;
  is_home: number;
  layout: string;
  groups_json: string;
  icons_json: string;
  label_color: string;
  label_selected_color: string;
}

export interface MediaAccountsTable {
  id: Generated<number>;
  key: string;
  name: string;
  avatar: string;
  description: string;
  created_at: number;
  follower_count: Generated<number>;
}

export interface ContentsTable {
  id: Generated<number>;
  external_id: string;
  content_type: string;
  group_id: string | null;
  title: string;
  summary: string;
  source_alias: string;
  body_html: string;
  cover_url: string;
  /** a small rendition of the cover for lists; "" for none (lists then use the cover) */
  thumb_url: Generated<string>;
  publish_at: number;
  view_count: number;
  like_count: number;
  collect_count: number;
  duration_str: string;
  pic_num: number;
  payload_json: string;
  state: number;
  comment_available: number;
  enable_comment: number;
  mp_id: number | null;
  album_status: number | null;
  album_total: number | null;
  expired_at: number | null;
  created_at: number;
  updated_at: number;
  comment_count: Generated<number>;
  /** What the page plays or shows beyond the body (see ContentDetail in modules/content/present.ts). */
  detail_json: Generated<string>;
  /** Place on the editors' recommended list; null when not recommended. */
  recommend_position: Generated<number | null>;
}

/** Album tracks (group_index 0) and the items of a special's groups. */
export interface ContentMembersTable {
  parent_id: number;
  member_id: number;
  group_index: number;
  position: number;
}

export interface ContentRelationsTable {
  content_id: number;
  related_id: number;
  position: number;
}

export interface UsersTable {
  id: Generated<number>;
  phone: string | null;
  alias: string;
  avatar: string;
  created_at: number;
  password_hash: string | null;
  invite_code: string | null;
  invited_by: number | null;
  invited_at: number | null;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  kind: "anonymous" | "user";
  user_id: number | null;
  device_id: string | null;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface OtpCodesTable {
  id: Generated<number>;
  phone: string;
  code_hash: string;
  ip: string;
  device_id: string | null;
  attempts: number;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

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

export interface CollectionsTable {
  user_id: number;
  content_id: number;
  created_at: number;
}

export interface StarsTable {
  user_id: number;
  target_type: "comment" | "content";
  target_id: number;
  created_at: number;
}

export interface FollowsTable {
  user_id: number;
  mp_id: number;
  created_at: number;
}

/** Unigrams and bigrams of content titles (lib/search-terms.ts). */
export interface ContentSearchTermsTable {
  term: string;
  content_id: number;
}

export interface SearchHotWordsTable {
  id: Generated<number>;
  word: string;
  position: number;
}

export interface Database {
  settings: SettingsTable;
  nav_items: NavItemsTable;
  media_accounts: MediaAccountsTable;
  contents: ContentsTable;
  content_relations: ContentRelationsTable;
  content_members: ContentMembersTable;
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
  comments: CommentsTable;
  comment_reports: CommentReportsTable;
  collections: CollectionsTable;
  stars: StarsTable;
  follows: FollowsTable;
  content_search_terms: ContentSearchTermsTable;
  search_hot_words: SearchHotWordsTable;
}
