import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import type { Database } from "../db/schema.ts";
import { purgeOtpCodes, purgePasswordGuards, purgeSessions } from "./housekeeping-repository.ts";

const DAY_MS = 24 * 60 * 60 * 1000;

export interface Purged {
  sessions: number;
  otpCodes: number;
  passwordGuards: number;
}

/**
 * Removes short-lived rows that can no longer do anything: sessions past their expiry or revoked
 * (a missing row is refused like a revoked one), and SMS codes older than the longest window they
 * are counted in (a day: R-SEC-OTP-2), and the wrong-password counts of phones and emails not tried for a day
 * whose lock has ended (a day without a wrong try forgets them). Batched, so it can run beside traffic on every instance.
 */
export async function purgeExpired(db: Kysely<Database>, now = Date.now()): Promise<Purged> {
  const sessions = await purgeSessions(db, now);
  const otpCodes = await purgeOtpCodes(db, now - DAY_MS);
  const passwordGuards = await purgePasswordGuards(db, now - DAY_MS, now);
  return { sessions, otpCodes, passwordGuards };
}

/**
 * Runs the purge on a schedule (HOUSEKEEPING_INTERVAL_MS), first a few seconds after start; a failed
 * run is logged and the next one tries again. Stopped with the server.
 */
export const housekeepingPlugin = fp(
  async (app: FastifyInstance) => {
    const interval = app.config.ops.housekeepingIntervalMs;
    let running = false;
    const run = async () => {
      if (running) return;
      running = true;
      try {
        const purged = await purgeExpired(app.database.db);
        if (purged.sessions || purged.otpCodes || purged.passwordGuards)
          app.log.info({ purged }, "expired rows removed");
      } catch (error) {
        app.log.warn({ err: error }, "housekeeping failed; retried at the next run");
      } finally {
        running = false;
      }
    };
    let timer: NodeJS.Timeout | null = null;
    const first = setTimeout(
      () => {
        void run();
        timer = setInterval(() => void run(), interval);
        timer.unref();
      },
      Math.min(5000, interval),
    );
    first.unref();
    app.addHook("onClose", async () => {
      clearTimeout(first);
      if (timer) clearInterval(timer);
    });
  },
  { name: "housekeeping", dependencies: ["db", "settings"] },
);
