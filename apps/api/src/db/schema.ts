import type { Generated } from "kysely";
import type { AccountTables, OtpCodesTable, SessionsTable, UsersTable } from "../modules/accounts/tables.ts";
import type { ActivityTables } from "../modules/activities/tables.ts";
import type { AppTables, NavItemsTable } from "../modules/app/tables.ts";
import type { CircleTables } from "../modules/circles/tables.ts";
import type { ClueTables } from "../modules/clue-reports/tables.ts";
import type {
  CommentModerationTables,
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
import type { EditorTables } from "../modules/editors/tables.ts";
import type { FormTables } from "../modules/forms/tables.ts";
import type { LawTables } from "../modules/law/tables.ts";
import type { LocalTables } from "../modules/lbs/tables.ts";
import type { LiveTables } from "../modules/live/tables.ts";
import type { OpenAppTables } from "../modules/open-app/tables.ts";
import type { PreviewTables } from "../modules/preview/tables.ts";
import type { CollectionsTable, FollowsTable, ReactionTables, StarsTable } from "../modules/reactions/tables.ts";
import type { SearchHotWordsTable, SearchTables } from "../modules/search/tables.ts";
import type { TipTables } from "../modules/tips/tables.ts";
import type { TrackingTables } from "../modules/tracking/tables.ts";

/**
 * The database's types, composed: each module types its own tables in its `tables.ts` (decision
 * 048); this file declares only the tables no module owns and names the modules' tables.
 */

/** Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL. */
export interface SettingsTable {
  key: string;
  value: string;
}

/**
 * Wrong passwords counted per name tried, with or without an account (migration 029): a visitor's
 * phone number, or `editor:` and an editor's lower-cased email (db/lockout.ts).
 */
export interface PasswordGuardsTable {
  id: Generated<number>;
  subject: string;
  /** Wrong passwords since the last right one. */
  failures: number;
  /** Epoch ms until which password logins are refused (0: not locked). */
  locked_until: number;
  /** The last try, for the housekeeping. */
  touched_at: number;
}

/** Tables of the infrastructure, owned by no module. */
export interface SharedTables {
  settings: SettingsTable;
  password_guards: PasswordGuardsTable;
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
    CommentModerationTables,
    ReactionTables,
    SearchTables,
    ActivityTables,
    CircleTables,
    ClueTables,
    EditorTables,
    FormTables,
    LawTables,
    LocalTables,
    LiveTables,
    OpenAppTables,
    PreviewTables,
    TipTables,
    TrackingTables {}
