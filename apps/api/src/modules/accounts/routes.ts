import type { AuthRequest } from "@davmu/contracts/app";
import { calls } from "@davmu/contracts/calls";
import { inviteCodeCapacity } from "@davmu/contracts/invites";
import type { FastifyInstance } from "fastify";
import { accountNotReady, badRequest, conflict, forbidden, notFound } from "../../lib/api-error.ts";
import { isLoopback } from "../../lib/client-address.ts";
import { locked } from "../../lib/lockout.ts";
import { route } from "../../lib/route.ts";
import { userOf } from "../../lib/viewer.ts";
import { verifyPassword } from "./passwords.ts";
import { maskPhone, type UserRow } from "./users.ts";

/** What a visitor whose password login is locked can do meanwhile. */
const passwordLockHint = "，或使用验证码登录";

/** Tokens and accounts: anonymous and phone login, SMS codes, the user's profile, logout and invites. */
export async function accountRoutes(app: FastifyInstance) {
  const { config, users, otp, publicIds } = app;

  const userInfo = (user: UserRow) => ({
    user_id: publicIds.encode(user.id),
    alias: user.alias,
    avatar: user.avatar,
    phone: maskPhone(user.phone),
    invite_code: user.invite_code ?? "",
    created_at: new Date(Number(user.created_at)).toISOString(),
  });

  const loginLimit = {
    rateLimit: {
      max: config.limits.loginPerIpPerMinute,
      timeWindow: 60_000,
      groupId: "login",
      // anonymous tokens are asked on every first visit; only phone logins are limited
      allowList: (request: { body?: unknown }) => !(request.body as AuthRequest | undefined)?.account,
    },
  };
  route(
    app,
    calls.auth,
    async (request) => {
      const { account, verify_code: code, password, device_id: deviceId } = request.body;
      if (!account) {
        if (code || password) throw badRequest("参数错误：登录需要手机号 account");
        await app.limitAnonymousTokens(request, deviceId ?? null);
        const { token, expiresAt } = await app.sessions.createAnonymous(deviceId ?? null, config.anonymousTokenTtlDays);
        return { code: 0, msg: "ok", data: { token, user_id: null, expires_at: new Date(expiresAt).toISOString() } };
      }
      if (!code === !password) throw badRequest("参数错误：需要验证码 verify_code 或密码 password 之一");
      let user: UserRow;
      if (code) {
        await otp.verify(account, code);
        user = await users.findOrRegister(account);
      } else {
        // tries are counted per phone, from whatever address (the per-IP limit above alone lets many
        // addresses guess on), whether or not the phone has an account with a password (a lock must
        // not tell which do), and taken before the password is checked: parallel tries cannot all be
        // checked before the lock. The lock leaves logging in by SMS code open
        const now = Date.now();
        const taken = await users.passwordTries.take(account, now);
        if (!taken) throw locked(await users.passwordTries.lockedUntil(account), now, passwordLockHint);
        const found = await users.findByPhone(account);
        // as long as a check, whatever the phone (no account, or none with a password: checked against nothing)
        if (!(await verifyPassword(password as string, found?.password_hash ?? null)) || !found) {
          request.log.warn({ userId: found?.id ?? null, failures: taken.failures }, "password login failed");
          if (taken.lockedUntil > now) throw locked(taken.lockedUntil, now, passwordLockHint);
          throw badRequest("手机号或密码错误");
        }
        await users.passwordTries.clear(account);
        user = found;
      }
      const { token, expiresAt } = await app.sessions.createForUser(user.id, deviceId ?? null, config.userTokenTtlDays);
      request.log.info({ userId: user.id, method: code ? "code" : "password" }, "user logged in");
      return {
        code: 0,
        msg: "登录成功",
        data: { token, user_id: publicIds.encode(user.id), expires_at: new Date(expiresAt).toISOString() },
      };
    },
    { config: loginLimit },
  );

  route(app, calls.vcode, async (request) => {
    const sent = await otp.send({
      phone: request.query.tel,
      ip: request.ip,
      deviceId: request.clientId ?? request.session?.deviceId ?? null,
    });
    return { code: 0, msg: "验证码发送成功", data: { resend_after: sent.resendAfter, expires_in: sent.expiresIn } };
  });

  route(app, calls.account, async (request) => {
    const session = request.session;
    if (session?.kind !== "user" || session.userId === null) {
      throw accountNotReady("账号信息未就绪，请稍后重试");
    }
    const id = publicIds.decode(request.params.id);
    if (id === null) throw notFound("账号不存在");
    if (id !== session.userId) throw forbidden("无权查看该账号");
    const user = await users.findById(id);
    if (!user) throw notFound("账号不存在");
    return { code: 0, msg: "ok", data: userInfo(user) };
  });

  route(app, calls.logout, async (request) => {
    if (request.session) await app.sessions.revoke(request.session.id);
    return { code: 0, msg: "已退出登录", data: null };
  });

  route(app, calls.invite, async (request) => {
    const userId = userOf(request);
    const inviter = await users.findByInviteCode(request.body.invite_code);
    if (!inviter) throw notFound("邀请码不存在");
    if (inviter.id === userId) throw badRequest("不能填写自己的邀请码");
    const outcome = await users.setInviter(userId, inviter.id, inviteCodeCapacity);
    if (outcome === "used_up") throw conflict("该邀请码名额已用完");
    if (outcome === "already") throw conflict("已填写过邀请码");
    return { code: 0, msg: "邀请码已填写", data: null };
  });

  route(app, calls.inviteRecord, async (request) => {
    const { rows, total } = await users.invitedBy(userOf(request), 50);
    return {
      code: 0,
      msg: "ok",
      data: {
        list: rows.map((r) => ({
          user_id: publicIds.encode(r.id),
          alias: r.alias,
          avatar: r.avatar,
          invited_at: new Date(Number(r.invited_at)).toISOString(),
        })),
        total,
      },
    };
  });

  // development only: read the codes the development transport "sent"
  const { devSms } = app;
  if (devSms && config.env !== "production") {
    route(app, calls.devSmsOutbox, async (request) => {
      // the codes are anyone's logins: only this machine may read them (the client's address, R-SEC-PROXY)
      if (!isLoopback(request.ip)) throw forbidden("开发短信收件箱仅限本机访问");
      return { code: 0, msg: "ok", data: { list: devSms.outbox(request.query.tel) } };
    });
  }
}
