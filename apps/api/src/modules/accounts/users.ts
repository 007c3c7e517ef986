import { randomBytes } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { Database, UsersTable } from "../../db/schema.ts";

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

export function createUserRepository(db: Kysely<Database>) {
  return {
    findById: (id: number) => db.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst(),

    findByPhone: (phone: string) => db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirst(),

    /** The phone's account, registered now when it has none (R-LOGIN-8); safe under concurrent logins. */
    async findOrRegister(phone: string, now = Date.now()): Promise<UserRow> {
      const existing = await this.findByPhone(phone);
      if (existing) return existing;
      await db
        .insertInto("users")
        .values({
          phone,
          alias: `江澜网友${phone.slice(-4)}`,
          avatar: defaultAvatar,
          created_at: now,
          password_hash: null,
          invite_code: newInviteCode(),
          invited_by: null,
          invited_at: null,
        })
        .onConflict((oc) => oc.column("phone").doNothing())
        .execute();
      return db.selectFrom("users").selectAll().where("phone", "=", phone).executeTakeFirstOrThrow();
    },

    findByInviteCode: (code: string) =>
      db.selectFrom("users").selectAll().where("invite_code", "=", code.toUpperCase()).executeTakeFirst(),

    /**
     * Records the inviter once, within the code's capacity (R-INVITE-1), counted and recorded in one
     * transaction: it first takes the inviter's row (a no-op update: a row lock on PostgreSQL, the write
     * lock on SQLite), so concurrent sign-ups with one code queue there and each counts the ones before it.
     */
    setInviter(userId: number, inviterId: number, capacity: number, now = Date.now()): Promise<InviteOutcome> {
      return db.transaction().execute(async (trx) => {
        // the reader's row too, both in id order: two sign-ups crossing (each the other's inviter) cannot deadlock
        for (const id of [userId, inviterId].sort((a, b) => a - b)) {
          await trx
            .updateTable("users")
            .set((eb) => ({ invite_code: eb.ref("invite_code") }))
            .where("id", "=", id)
            .execute();
        }
        const { n } = await trx
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("invited_by", "=", inviterId)
          .executeTakeFirstOrThrow();
        if (Number(n) >= capacity) return "used_up";
        const result = await trx
          .updateTable("users")
          .set({ invited_by: inviterId, invited_at: now })
          .where("id", "=", userId)
          .where("invited_by", "is", null)
          .executeTakeFirst();
        return Number(result.numUpdatedRows) === 1 ? "ok" : "already";
      });
    },

    async invitedBy(inviterId: number, limit: number) {
      const [rows, total] = await Promise.all([
        db
          .selectFrom("users")
          .select(["id", "alias", "avatar", "invited_at"])
          .where("invited_by", "=", inviterId)
          .orderBy("invited_at", "desc")
          .orderBy("id", "desc")
          .limit(limit)
          .execute(),
        db
          .selectFrom("users")
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .where("invited_by", "=", inviterId)
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
  };
}
/** What entering an invite code did: recorded, the user already had an inviter, or the code is used up. */
export type InviteOutcome = "ok" | "already" | "used_up";

export type UserRepository = ReturnType<typeof createUserRepository>;
