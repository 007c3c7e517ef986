// Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL.

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

/** What readers keep, like and follow. */
export interface ReactionTables {
  collections: CollectionsTable;
  stars: StarsTable;
  follows: FollowsTable;
}
