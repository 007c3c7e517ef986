import { type Kysely, sql, type Transaction } from "kysely";
import { passwordGuards } from "../../db/lockout.ts";
import type { Database, SessionsTable } from "../../db/schema.ts";
import { defaultAvatar, newInviteCode, type UserRow } from "./users.ts";

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

    /**
     * A phone's wrong passwords, counted whether or not it has an account with a password
     * (`passwordGuards` in db/lockout.ts): `take` before the password is checked (null: locked),
     * `lockedUntil`, and `clear` once a right one logs in.
     */
    passwordTries: passwordGuards(db),

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

/** A session row to store: only the token's hash is kept (R-SEC-TOKEN). */
export interface NewSession {
  tokenHash: string;
  kind: SessionsTable["kind"];
  userId: number | null;
  deviceId: string | null;
  createdAt: number;
  expiresAt: number;
}

/** The sessions table: tokens' hashes, their kind and life. */
export function createSessionStore(db: Kysely<Database>) {
  return {
    async insert(session: NewSession) {
      await db
        .insertInto("sessions")
        .values({
          token_hash: session.tokenHash,
          kind: session.kind,
          user_id: session.userId,
          device_id: session.deviceId,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          revoked_at: null,
        })
        .execute();
    },

    async revoke(sessionId: number, now: number) {
      await db
        .updateTable("sessions")
        .set({ revoked_at: now })
        .where("id", "=", sessionId)
        .where("revoked_at", "is", null)
        .execute();
    },

    /** The live (unrevoked, unexpired) session with this token hash. */
    findActive: (tokenHash: string, now: number) =>
      db
        .selectFrom("sessions")
        .select(["id", "kind", "user_id", "device_id", "expires_at"])
        .where("token_hash", "=", tokenHash)
        .where("revoked_at", "is", null)
        .where("expires_at", ">", now)
        .executeTakeFirst(),
  };
}

type Tx = Transaction<Database>;

/** A login code to store: the HMAC of the code, never the code itself (R-SEC-OTP-1). */
export interface NewOtpCode {
  phone: string;
  codeHash: string;
  ip: string;
  deviceId: string | null;
  createdAt: number;
  expiresAt: number;
}

/** The otp_codes table: SMS login codes, their tries and their use. */
export const otpCodes = {
  /** How many codes were recorded for the phone, IP or device after `since`. */
  async countSince(tx: Tx, column: "phone" | "ip" | "device_id", value: string, since: number) {
    const row = await tx
      .selectFrom("otp_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(column, "=", value)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  },

  /** When the phone's latest code was recorded, if it has one. */
  lastSentAt: (tx: Tx, phone: string) =>
    tx
      .selectFrom("otp_codes")
      .select("created_at")
      .where("phone", "=", phone)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),

  /** Records a new code and consumes every older live one of the phone; the new code's id. */
  async insertReplacing(tx: Tx, code: NewOtpCode): Promise<number> {
    const inserted = await tx
      .insertInto("otp_codes")
      .values({
        phone: code.phone,
        code_hash: code.codeHash,
        ip: code.ip,
        device_id: code.deviceId,
        attempts: 0,
        created_at: code.createdAt,
        expires_at: code.expiresAt,
        consumed_at: null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    // a new code replaces every older one
    await tx
      .updateTable("otp_codes")
      .set({ consumed_at: code.createdAt })
      .where("phone", "=", code.phone)
      .where("id", "<", inserted.id)
      .where("consumed_at", "is", null)
      .execute();
    return inserted.id;
  },

  /** Marks the code used at `at` (whatever its state). */
  async consume(db: Kysely<Database>, id: number, at: number) {
    await db.updateTable("otp_codes").set({ consumed_at: at }).where("id", "=", id).execute();
  },

  /** The phone's latest live code. */
  live: (db: Kysely<Database>, phone: string, at: number) =>
    db
      .selectFrom("otp_codes")
      .select(["id", "code_hash", "attempts"])
      .where("phone", "=", phone)
      .where("consumed_at", "is", null)
      .where("expires_at", ">", at)
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst(),

  /**
   * Counts a wrong try on the code, in the database (so concurrent wrong guesses cannot share one
   * try), consuming it at `maxAttempts`; the tries counted after it.
   */
  async countWrongTry(db: Kysely<Database>, id: number, at: number, maxAttempts: number): Promise<number | undefined> {
    await db
      .updateTable("otp_codes")
      .set((eb) => ({
        attempts: eb("attempts", "+", 1),
        consumed_at: sql<
          number | null
        >`case when attempts + 1 >= ${maxAttempts} then cast(${at} as bigint) else null end`,
      }))
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .execute();
    const after = await db.selectFrom("otp_codes").select("attempts").where("id", "=", id).executeTakeFirst();
    return after?.attempts;
  },

  /** Consumes the code if it is still live and under the tries; whether this call consumed it. */
  async consumeOnce(db: Kysely<Database>, id: number, at: number, maxAttempts: number): Promise<boolean> {
    const consumed = await db
      .updateTable("otp_codes")
      .set({ consumed_at: at })
      .where("id", "=", id)
      .where("consumed_at", "is", null)
      .where("attempts", "<", maxAttempts)
      .executeTakeFirst();
    return Number(consumed.numUpdatedRows) === 1;
  },
};
