import type { Generated } from "kysely";

// Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL.

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

/** The accounts' tables: readers, their sessions and their SMS login codes. */
export interface AccountTables {
  users: UsersTable;
  sessions: SessionsTable;
  otp_codes: OtpCodesTable;
}
