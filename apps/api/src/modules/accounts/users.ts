import { randomBytes } from "node:crypto";
import type { Selectable } from "kysely";
import type { UsersTable } from "../../db/schema.ts";

export type UserRow = Selectable<UsersTable>;

export const defaultAvatar = "/media/avatars/user-default.svg";

/** Eight characters without look-alikes (no 0/O, 1/I/L). */
export function newInviteCode(): string {
  const alphabet = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => alphabet[b % alphabet.length]).join("");
}

/** 138****8000 */
export function maskPhone(phone: string | null): string {
  return phone ? `${phone.slice(0, 3)}****${phone.slice(-4)}` : "";
}
