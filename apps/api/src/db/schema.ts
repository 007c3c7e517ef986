import type { AccountTables, OtpCodesTable, SessionsTable, UsersTable } from "../modules/accounts/tables.ts";
import type { AppTables, NavItemsTable } from "../modules/app/tables.ts";
import type {
  CommentReportsTable,
  CommentStatusValue,
  CommentsTable,
  CommentTables,
} from "../modules/comments/tables.ts";
import type {
  ContentMembersTable,
  ContentRelationsTable,
  ContentSearchTermsTable,
  ContentsTable,
  ContentTables,
  MediaAccountsTable,
} from "../modules/content/tables.ts";
import type { CollectionsTable, FollowsTable, ReactionTables, StarsTable } from "../modules/reactions/tables.ts";
import type { SearchHotWordsTable, SearchTables } from "../modules/search/tables.ts";

/**
 * The database's types, composed: each module types its own tables in its `tables.ts` (decision
 * 048); this file declares only the tables no module owns and names the modules' tables.
 */

/** Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL. */
export interface SettingsTable {
  key: string;
  value: string;
}

/** Tables of the infrastructure, owned by no module. */
export interface SharedTables {
  settings: SettingsTable;
}

export type {
  CollectionsTable,
  CommentReportsTable,
  CommentStatusValue,
  CommentsTable,
  ContentMembersTable,
  ContentRelationsTable,
  ContentSearchTermsTable,
  ContentsTable,
  FollowsTable,
  MediaAccountsTable,
  NavItemsTable,
  OtpCodesTable,
  SearchHotWordsTable,
  SessionsTable,
  StarsTable,
  UsersTable,
};

export interface Database
  extends SharedTables,
    AppTables,
    ContentTables,
    AccountTables,
    CommentTables,
    ReactionTables,
    SearchTables {}
