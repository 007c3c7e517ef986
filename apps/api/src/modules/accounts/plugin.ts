import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { createOtpService, type OtpService } from "./otp.ts";
import { createUserRepository, type UserRepository } from "./repository.ts";
import { createAliyunSms, createDevSms, type DevSms } from "./sms.ts";

/** What other modules use of the sessions: the token a request carries, and the session it names. */
export { type Session, tokenFromHeader } from "./sessions.ts";

declare module "fastify" {
  interface FastifyInstance {
    users: UserRepository;
    /** SMS login codes: sending under the limits, and checking. */
    otp: OtpService;
    /** The development SMS transport's outbox; null with a real provider. */
    devSms: DevSms | null;
  }
}

/** Accounts: the user repository and the SMS code service, one of each per app. */
export const accountsPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app;
    const devSms = config.sms.transport === "dev" ? createDevSms(app.log) : null;
    const sms = config.sms.transport === "aliyun" ? createAliyunSms(config.sms) : (devSms as DevSms);
    app.decorate("users", createUserRepository(app.database.db));
    app.decorate("devSms", devSms);
    app.decorate(
      "otp",
      createOtpService({
        db: app.database.db,
        secret: config.otpSecret,
        limits: config.limits,
        sms,
        onSendFailure: (error) => app.log.error({ err: error, provider: sms.name }, "SMS delivery failed"),
      }),
    );
  },
  { name: "accounts", dependencies: ["db", "settings"] },
);
