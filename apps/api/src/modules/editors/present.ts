import type { EditorAccount } from "@davmu/contracts/editors";
import type { EditorRow } from "./repository.ts";

/** An account as answered and as audited: never its password hash, TOTP secret or counters. */
export function presentEditor(row: EditorRow): EditorAccount {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    disabled: Boolean(row.disabled),
    totp_enabled: Boolean(row.totp_enabled),
    totp_required: Boolean(row.totp_required),
    created_at: new Date(Number(row.created_at)).toISOString(),
    password_expires_at:
      row.password_one_time && Number(row.password_expires_at) > 0
        ? new Date(Number(row.password_expires_at)).toISOString()
        : null,
  };
}
