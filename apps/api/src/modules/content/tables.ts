import type { Generated } from "kysely";

// Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL.

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
  /**
   * The article sanitizer's version that cleaned `body_html` as it was written (lib/sanitize-html.ts);
   * 0: not cleaned (written before decision 090, or by hand). Written for the releases of decision 090,
   * which read it alone; this one reads the seal.
   */
  body_clean_version: Generated<number>;
  /**
   * SHA-256 of the sanitizer's version and `body_html` as it cleaned it (decision 091); "" or any other
   * value: the body is cleaned as it is read.
   */
  body_clean_seal: Generated<string>;
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

/** Unigrams and bigrams of content titles (lib/search-terms.ts). */
export interface ContentSearchTermsTable {
  term: string;
  content_id: number;
}

/**
 * The content's tables: the items, their media accounts, members and relations, and their titles'
 * search terms (written with each item, read by modules/search).
 */
export interface ContentTables {
  media_accounts: MediaAccountsTable;
  contents: ContentsTable;
  content_relations: ContentRelationsTable;
  content_members: ContentMembersTable;
  content_search_terms: ContentSearchTermsTable;
}
