import type { EditorRole } from "@davmu/contracts/call";
import type { Generated } from "kysely";

/** The tables of migration 020, typed here beside the only code that reads them. */
export type EditorsTable = {
  id: Generated<number>;
  /** Lower-cased. */
  email: string;
  name: string;
  role: EditorRole;
  /** `scrypt$N$r$p$salt$key` (passwords.ts). */
  password_hash: string;
  /** Base32; set at enrolment, enabled once a code confirms it. */
  totp_secret: string | null;
  totp_enabled: number;
  totp_required: number;
  /** The last TOTP time step accepted: a code is taken once. */
  totp_last_step: number;
  disabled: number;
  /** Failed logins since the last success; counted by one UPDATE each. */
  failed_count: number;
  /** When the last failed login was (epoch ms; 0: none since migration 031): a day on, the count is forgotten. */
  failed_at: number;
  /** Epoch ms until which logins are refused (0: not locked). */
  locked_until: number;
  /** 1 while the password is one someone else handed over: its owner must replace it first (migration 028). */
  password_one_time: number;
  /** When a one-time password stops logging in (epoch ms; 0 for a password its owner chose; migration 030). */
  password_expires_at: number;
  /** One more at every change or reset of the password; a session holds the one it began under (migration 030). */
  password_version: number;
  created_at: number;
  updated_at: number;
};

export type EditorSessionsTable = {
  id: Generated<number>;
  /** SHA-256 of the session id in the cookie (the id itself is never stored). */
  token_hash: string;
  editor_id: number;
  ip: string;
  user_agent: string;
  created_at: number;
  last_seen_at: number;
  /** The absolute end, however active the session. */
  expires_at: number;
  /** The account's `password_version` when the session began: it works only while they match. */
  password_version: number;
};

export type EditorAuditTable = {
  id: Generated<number>;
  at: number;
  /** Null for the content import key. */
  editor_id: number | null;
  ip: string;
  user_agent: string;
  /** The call's name in the declarations. */
  action: string;
  target: string;
  before_json: string | null;
  after_json: string | null;
};

export type EditorTables = {
  editors: EditorsTable;
  editor_sessions: EditorSessionsTable;
  editor_audit: EditorAuditTable;
};
