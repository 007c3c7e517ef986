import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { type Kysely, sql, type Transaction } from "kysely";
import { withKeyLocks } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { badRequest, tooManyRequests, unavailable } from "../../lib/api-error.ts";
import type { Limits } from "../../plugins/config.ts";
import type { SmsSender } from "./sms.ts";

export const OTP_TTL_MS = 5 * 60 * 1000;
export const OTP_RESEND_MS = 60 * 1000;
export const OTP_MAX_ATTEMPTS = 5;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A 6-digit code from the CSPRNG, leading zeros kept. */
export function newCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, "0");
}

type Tx = Transaction<Database>;

interface SendInput {
  phone: string;
  ip: string;
  deviceId: string | null;
}

interface OtpDeps {
  db: Kysely<Database>;
  secret: string;
  limits: Pick<Limits, "otpPerPhonePerDay" | "otpPerIpPerHour" | "otpPerDevicePerDay">;
  sms: SmsSender;
  now?: () => number;
  onSendFailure?: (error: unknown) => void;
}

/**
 * SMS login codes (R-SEC-OTP-1/2): codes are stored as an HMAC bound to the phone, live five
 * minutes, work once, and die after five wrong tries. Sending is capped per phone, IP and device,
 * and never looks at whether the phone has an account, so both answer alike.
 */
export function createOtpService({ db, secret, limits, sms, now = Date.now, onSendFailure }: OtpDeps) {
  const hash = (phone: string, code: string) => createHmac("sha256", secret).update(`${phone}:${code}`).digest();

  async function countSince(tx: Tx, column: "phone" | "ip" | "device_id", value: string, since: number) {
    const row = await tx
      .selectFrom("otp_codes")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where(column, "=", value)
      .where("created_at", ">", since)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /**
   * Checks every cap and records the new code as one step (withKeyLocks): concurrent sends for one
   * phone, IP or device are counted one after another, on every instance sharing the database.
   */
  async function record(input: SendInput, codeHash: string): Promise<{ id: number; at: number }> {
    const keys = [`otp:phone:${input.phone}`, `otp:ip:${input.ip}`];
    if (input.deviceId) keys.push(`otp:device:${input.deviceId}`);
    return withKeyLocks(db, keys, async (tx) => {
      // the time once the locks are held, so that codes are counted in the order they are recorded
      const at = now();
      const last = await tx
        .selectFrom("otp_codes")
        .select("created_at")
        .where("phone", "=", input.phone)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      if (last && at - Number(last.created_at) < OTP_RESEND_MS) {
        const wait = Math.ceil((OTP_RESEND_MS - (at - Number(last.created_at))) / 1000);
        throw tooManyRequests(`发送过于频繁，请${wait}秒后再试`);
      }
      if ((await countSince(tx, "phone", input.phone, at - DAY_MS)) >= limits.otpPerPhonePerDay) {
        throw tooManyRequests("该手机号今日获取验证码次数已达上限，请明天再试");
      }
      if ((await countSince(tx, "ip", input.ip, at - HOUR_MS)) >= limits.otpPerIpPerHour) {
        throw tooManyRequests("获取验证码过于频繁，请稍后再试");
      }
      if (
        input.deviceId &&
        (await countSince(tx, "device_id", input.deviceId, at - DAY_MS)) >= limits.otpPerDevicePerDay
      ) {
        throw tooManyRequests("获取验证码过于频繁，请稍后再试");
      }
      const inserted = await tx
        .insertInto("otp_codes")
        .values({
          phone: input.phone,
          code_hash: codeHash,
          ip: input.ip,
          device_id: input.deviceId,
          attempts: 0,
          created_at: at,
          expires_at: at + OTP_TTL_MS,
          consumed_at: null,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // a new code replaces every older one
      await tx
        .updateTable("otp_codes")
        .set({ consumed_at: at })
        .where("phone", "=", input.phone)
        .where("id", "<", inserted.id)
        .where("consumed_at", "is", null)
        .execute();
      return { id: inserted.id, at };
    });
  }

  return {
    async send(input: SendInput) {
      const code = newCode();
      const { id, at } = await record(input, hash(input.phone, code).toString("hex"));
      try {
        await sms.send(input.phone, code);
      } catch (error) {
        onSendFailure?.(error);
        await db.updateTable("otp_codes").set({ consumed_at: at }).where("id", "=", id).execute();
        throw unavailable("短信发送失败，请稍后重试");
      }
      return { resendAfter: OTP_RESEND_MS / 1000, expiresIn: OTP_TTL_MS / 1000 };
    },

    /** Consumes the phone's live code when it matches; throws a 400 saying why otherwise. */
    async verify(phone: string, code: string): Promise<void> {
      const at = now();
      const row = await db
        .selectFrom("otp_codes")
        .select(["id", "code_hash", "attempts"])
        .where("phone", "=", phone)
        .where("consumed_at", "is", null)
        .where("expires_at", ">", at)
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      if (!row) throw badRequest("验证码已失效，请重新获取");
      const matches = timingSafeEqual(Buffer.from(row.code_hash, "hex"), hash(phone, code));
      if (!matches) {
        // counted in the database, so concurrent wrong guesses cannot share one try
        await db
          .updateTable("otp_codes")
          .set((eb) => ({
            attempts: eb("attempts", "+", 1),
            consumed_at: sql<
              number | null
            >`case when attempts + 1 >= ${OTP_MAX_ATTEMPTS} then cast(${at} as bigint) else null end`,
          }))
          .where("id", "=", row.id)
          .where("consumed_at", "is", null)
          .execute();
        const after = await db.selectFrom("otp_codes").select("attempts").where("id", "=", row.id).executeTakeFirst();
        const attempts = after?.attempts ?? OTP_MAX_ATTEMPTS;
        throw badRequest(attempts >= OTP_MAX_ATTEMPTS ? "验证码错误次数过多，请重新获取" : "验证码错误");
      }
      // single use: of two concurrent logins with the same code, only one consumes it
      const consumed = await db
        .updateTable("otp_codes")
        .set({ consumed_at: at })
        .where("id", "=", row.id)
        .where("consumed_at", "is", null)
        .where("attempts", "<", OTP_MAX_ATTEMPTS)
        .executeTakeFirst();
      if (Number(consumed.numUpdatedRows) !== 1) throw badRequest("验证码已失效，请重新获取");
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
