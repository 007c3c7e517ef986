import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import type { Kysely } from "kysely";
import { withKeyLocks } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { badRequest, tooManyRequests, unavailable } from "../../lib/api-error.ts";
import type { Limits } from "../../plugins/config.ts";
import { otpCodes } from "./repository.ts";
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
      const last = await otpCodes.lastSentAt(tx, input.phone);
      if (last && at - Number(last.created_at) < OTP_RESEND_MS) {
        const wait = Math.ceil((OTP_RESEND_MS - (at - Number(last.created_at))) / 1000);
        throw tooManyRequests(`发送过于频繁，请${wait}秒后再试`);
      }
      if ((await otpCodes.countSince(tx, "phone", input.phone, at - DAY_MS)) >= limits.otpPerPhonePerDay) {
        throw tooManyRequests("该手机号今日获取验证码次数已达上限，请明天再试");
      }
      if ((await otpCodes.countSince(tx, "ip", input.ip, at - HOUR_MS)) >= limits.otpPerIpPerHour) {
        throw tooManyRequests("获取验证码过于频繁，请稍后再试");
      }
      if (
        input.deviceId &&
        (await otpCodes.countSince(tx, "device_id", input.deviceId, at - DAY_MS)) >= limits.otpPerDevicePerDay
      ) {
        throw tooManyRequests("获取验证码过于频繁，请稍后再试");
      }
      const id = await otpCodes.insertReplacing(tx, {
        phone: input.phone,
        codeHash,
        ip: input.ip,
        deviceId: input.deviceId,
        createdAt: at,
        expiresAt: at + OTP_TTL_MS,
      });
      return { id, at };
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
        await otpCodes.consume(db, id, at);
        throw unavailable("短信发送失败，请稍后重试");
      }
      return { resendAfter: OTP_RESEND_MS / 1000, expiresIn: OTP_TTL_MS / 1000 };
    },

    /** Consumes the phone's live code when it matches; throws a 400 saying why otherwise. */
    async verify(phone: string, code: string): Promise<void> {
      const at = now();
      const row = await otpCodes.live(db, phone, at);
      if (!row) throw badRequest("验证码已失效，请重新获取");
      const matches = timingSafeEqual(Buffer.from(row.code_hash, "hex"), hash(phone, code));
      if (!matches) {
        // counted in the database, so concurrent wrong guesses cannot share one try
        const attempts = (await otpCodes.countWrongTry(db, row.id, at, OTP_MAX_ATTEMPTS)) ?? OTP_MAX_ATTEMPTS;
        throw badRequest(attempts >= OTP_MAX_ATTEMPTS ? "验证码错误次数过多，请重新获取" : "验证码错误");
      }
      // single use: of two concurrent logins with the same code, only one consumes it
      if (!(await otpCodes.consumeOnce(db, row.id, at, OTP_MAX_ATTEMPTS))) throw badRequest("验证码已失效，请重新获取");
    },
  };
}
export type OtpService = ReturnType<typeof createOtpService>;
