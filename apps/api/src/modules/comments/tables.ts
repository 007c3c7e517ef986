/** The table of migration 021, typed here beside the only code that reads it. */
export type UserBansTable = {
  /** The banned user; one row per user. */
  user_id: number;
  /** The editor who banned them. */
  banned_by: number | null;
  reason: string;
  /** Epoch ms. */
  created_at: number;
};

export type CommentModerationTables = { user_bans: UserBansTable };
