import {
  AccountIdParams,
  InviteRecordList,
  InviteRequest,
  UserInfo,
  VcodeQuery,
  VcodeResult,
} from "@davmu/contracts/account";
import { AuthRequest, AuthResult } from "@davmu/contracts/app";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { Type } from "typebox";
import { accountNotReady, badRequest, conflict, forbidden, notFound } from "../../lib/api-error.ts";
import type { Config } from "../../plugins/config.ts";
import { createOtpService } from "./otp.ts";
import { verifyPassword } from "./passwords.ts";
import { createAliyunSms, createDevSms } from "./sms.ts";
import { createUserRepository, maskPhone, type UserRow } from "./users.ts";

const Ok = Envelope(Type.Null());

export const accountRoutes: FastifyPluginAsyncTypebox<{ config: Config; codec: PublicIdCodec }> = async (
  app,
  { config, codec },
) => {
  const users = createUserRepository(app.database.db);
  const devSms = config.sms.transport === "dev" ? createDevSms(app.log) : null;
  const sms = config.sms.transport === "aliyun" ? createAliyunSms(config.sms) : (devSms as NonNullable<typeof devSms>);
  const otp = createOtpService({
    db: app.database.db,
    secret: config.otpSecret,
    limits: config.limits,
    sms,
    onSendFailure: (error) => app.log.error({ err: error, provider: sms.name }, "SMS delivery failed"),
  });

  const userInfo = (user: UserRow) => ({
    user_id: codec.encode(user.id),
    alias: user.alias,
    avatar: user.avatar,
    phone: maskPhone(user.phone),
    invite_code: user.invite_code ?? "",
    created_at: new Date(Number(user.created_at)).toISOString(),
  });

  app.post(
    "/peony/v1/auth",
    {
      config: {
        rateLimit: {
          max: config.limits.loginPerIpPerMinute,
          timeWindow: 60_000,
          groupId: "login",
          // anonymous tokens are asked on every first visit; only phone logins are limited
          allowList: (request) => !(request.body as AuthRequest | undefined)?.account,
        },
      },
      schema: {
        tags: ["account"],
        summary: "Anonymous login, or phone login with an SMS code or a password",
        description:
          "Without `account` it issues an anonymous token. With `account` and `verify_code` it logs the phone in and registers it when new; with `account` and `password` it checks the password.",
        body: AuthRequest,
        response: { 200: Envelope(AuthResult), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const { account, verify_code: code, password, device_id: deviceId } = request.body;
      if (!account) {
        if (code || password) throw badRequest("参数错误：登录需要手机号 account");
        const { token, expiresAt } = await app.sessions.createAnonymous(deviceId ?? null, config.anonymousTokenTtlDays);
        return { code: 0, msg: "ok", data: { token, user_id: null, expires_at: new Date(expiresAt).toISOString() } };
      }
      if (!code === !password) throw badRequest("参数错误：需要验证码 verify_code 或密码 password 之一");
      let user: UserRow;
      if (code) {
        await otp.verify(account, code);
        user = await users.findOrRegister(account);
      } else {
        const found = await users.findByPhone(account);
        const valid = await verifyPassword(password as string, found?.password_hash ?? null);
        if (!found || !valid) throw badRequest("手机号或密码错误");
        user = found;
      }
      const { token, expiresAt } = await app.sessions.createForUser(user.id, deviceId ?? null, config.userTokenTtlDays);
      request.log.info({ userId: user.id, method: code ? "code" : "password" }, "user logged in");
      return {
        code: 0,
        msg: "登录成功",
        data: { token, user_id: codec.encode(user.id), expires_at: new Date(expiresAt).toISOString() },
      };
    },
  );

  app.get(
    "/peony/v1/vcode",
    {
      onRequest: app.requireSession,
      schema: {
        tags: ["account"],
        summary: "Sends a 6-digit login code by SMS (type 6)",
        description:
          "At most one code per phone every 60 s and 10 a day, with per-IP and per-device caps. The answer is the same whether or not the phone has an account.",
        querystring: VcodeQuery,
        response: { 200: Envelope(VcodeResult), "4xx": ErrorEnvelope, "5xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const sent = await otp.send({
        phone: request.query.tel,
        ip: request.ip,
        deviceId: request.clientId ?? request.session?.deviceId ?? null,
      });
      return { code: 0, msg: "验证码发送成功", data: { resend_after: sent.resendAfter, expires_in: sent.expiresIn } };
    },
  );

  app.get(
    "/peony/v1/account/:id",
    {
      onRequest: app.requireSession,
      schema: {
        tags: ["account"],
        summary: "The logged-in user's own profile",
        description: "Code 402 while the token is not yet a user token (the page retries); 403 for another user.",
        params: AccountIdParams,
        response: { 200: Envelope(UserInfo), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const session = request.session;
      if (session?.kind !== "user" || session.userId === null) {
        throw accountNotReady("账号信息未就绪，请稍后重试");
      }
      const id = codec.decode(request.params.id);
      if (id === null) throw notFound("账号不存在");
      if (id !== session.userId) throw forbidden("无权查看该账号");
      const user = await users.findById(id);
      if (!user) throw notFound("账号不存在");
      return { code: 0, msg: "ok", data: userInfo(user) };
    },
  );

  app.post(
    "/peony/v1/account/logout",
    {
      onRequest: app.requireSession,
      schema: {
        tags: ["account"],
        summary: "Revokes the token the request carries",
        response: { 200: Ok, "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      if (request.session) await app.sessions.revoke(request.session.id);
      return { code: 0, msg: "已退出登录", data: null };
    },
  );

  app.post(
    "/peony/v1/account",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["account"],
        summary: "Enters the invite code of the user who invited this one (once)",
        body: InviteRequest,
        response: { 200: Ok, "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const userId = request.session?.userId as number;
      const inviter = await users.findByInviteCode(request.body.invite_code);
      if (!inviter) throw notFound("邀请码不存在");
      if (inviter.id === userId) throw badRequest("不能填写自己的邀请码");
      if (!(await users.setInviter(userId, inviter.id))) throw conflict("已填写过邀请码");
      return { code: 0, msg: "邀请码已填写", data: null };
    },
  );

  app.get(
    "/peony/v1/invite/record",
    {
      onRequest: app.requireUser,
      schema: {
        tags: ["account"],
        summary: "The users this user invited, newest first (up to 50)",
        response: { 200: Envelope(InviteRecordList), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const { rows, total } = await users.invitedBy(request.session?.userId as number, 50);
      return {
        code: 0,
        msg: "ok",
        data: {
          list: rows.map((r) => ({
            user_id: codec.encode(r.id),
            alias: r.alias,
            avatar: r.avatar,
            invited_at: new Date(Number(r.invited_at)).toISOString(),
          })),
          total,
        },
      };
    },
  );

  // development only: read the codes the development transport "sent"
  if (devSms && config.env !== "production") {
    app.get(
      "/dev/sms-outbox",
      {
        schema: {
          tags: ["development"],
          summary: "Codes sent by the development SMS transport, newest first (not in production)",
          querystring: Type.Object({ tel: Type.Optional(Type.String({ maxLength: 20 })) }),
        },
      },
      async (request) => ({ code: 0, msg: "ok", data: { list: devSms.outbox(request.query.tel) } }),
    );
  }
};
