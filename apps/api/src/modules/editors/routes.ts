import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { badRequest, conflict, forbidden, notFound, unauthorized } from "../../lib/api-error.ts";
import { locked } from "../../lib/lockout.ts";
import { route } from "../../lib/route.ts";
import { type EditorActor, editorIdleMs } from "./access.ts";
import { auditCsv } from "./csv.ts";
import { weakPassword, weakPasswordMessage } from "./password-strength.ts";
import {
  hashEditorPassword,
  needsRehash,
  oneTimePassword,
  oneTimePasswordExpired,
  oneTimePasswordExpiredMessage,
  oneTimePasswordTtlMs,
  verifyEditorPassword,
} from "./passwords.ts";
import { presentEditor } from "./present.ts";
import type { AuditFilter, EditorRow } from "./repository.ts";
import { newTotpSecret, totpStep, totpUri } from "./totp.ts";

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function actorOf(request: FastifyRequest): EditorActor & { id: number; editor: EditorRow; sessionId: number } {
  const actor = request.editorActor;
  if (!actor?.editor || actor.id === null || actor.sessionId === null) throw unauthorized("请先登录编辑账号");
  return actor as EditorActor & { id: number; editor: EditorRow; sessionId: number };
}

/**
 * The newsroom's accounts (R-CONSOLE-1): login with lockout and TOTP, one's sessions, TOTP enrolment,
 * password change; an admin invites, changes and disables accounts (R-CONSOLE-2) and reads the audit
 * trail (R-CONSOLE-3). Nothing answered or logged holds a password, hash, TOTP secret or session id.
 */
export async function editorRoutes(app: FastifyInstance) {
  const passwordCost = app.config.editorPasswordCost;
  const { editors } = app;
  /** Until when an account whose try was refused is locked (another try set it meanwhile). */
  const lockedUntil = async (id: number, now: number) => Number((await editors.findById(id))?.locked_until ?? now);
  const loginLimit = {
    rateLimit: { max: app.config.limits.loginPerIpPerMinute, timeWindow: 60_000, groupId: "editor-login" },
  };

  route(
    app,
    calls.editorLogin,
    async (request, reply) => {
      const { email, password, totp } = request.body;
      const now = Date.now();
      const editor = await editors.findByEmail(email);
      if (!editor) {
        // an email no account has is counted and locked as an account's would be (a lock must not tell
        // which emails are editors'), and checked as long as a password would be
        const subject = `editor:${email.toLowerCase()}`;
        const taken = await editors.unknownEmailTries.take(subject, now);
        if (!taken) throw locked(await editors.unknownEmailTries.lockedUntil(subject), now);
        await verifyEditorPassword(password, null, passwordCost);
        throw unauthorized("邮箱或密码错误");
      }
      // the try is taken (counted) before the password is checked: parallel tries cannot all be
      // checked before the lock; a login that passes clears the count (the password step of a TOTP
      // login stays counted until its code step passes)
      const taken = await editors.takeAttempt(editor.id, now);
      if (!taken) throw locked(await lockedUntil(editor.id, now), now);
      if (!(await verifyEditorPassword(password, editor.password_hash, passwordCost))) {
        request.log.warn({ editorId: editor.id, failures: taken.failed_count }, "editor login failed");
        throw unauthorized("邮箱或密码错误");
      }
      if (editor.disabled) throw forbidden("账号已停用");
      // the right one-time password, too late: it counts as a try (never cleared), and logs in no more
      if (oneTimePasswordExpired(editor, now)) throw forbidden(oneTimePasswordExpiredMessage);
      if (editor.totp_enabled && editor.totp_secret) {
        if (!totp) throw unauthorized("请输入两步验证码");
        const step = totpStep(editor.totp_secret, totp, now);
        if (step === null || !(await editors.useTotpStep(editor.id, step))) throw unauthorized("两步验证码错误");
      }
      await editors.recordSuccess(
        editor.id,
        now,
        needsRehash(editor.password_hash, passwordCost)
          ? { checked: editor.password_hash, raised: await hashEditorPassword(password, passwordCost) }
          : undefined,
      );
      const { csrfToken, expiresAt } = await app.editorSessions.start(request, reply, editor);
      request.log.info({ editorId: editor.id }, "editor logged in");
      return {
        code: 0,
        msg: "ok",
        data: {
          editor: presentEditor(editor),
          csrf_token: csrfToken,
          expires_at: expiresAt.toISOString(),
          totp_enrolment_required: Boolean(editor.totp_required) && !editor.totp_enabled,
          password_change_required: Boolean(editor.password_one_time),
        },
      };
    },
    { config: loginLimit },
  );

  route(app, calls.editorLogout, async (request, reply) => {
    const actor = actorOf(request);
    await app.auditedChange(request, `editor:${actor.id}`, async (trx) => ({
      result: await editors.endSession(actor.id, actor.sessionId, trx),
      before: { session: actor.sessionId },
      after: { session: null },
    }));
    app.editorSessions.clearCookie(reply);
    return { code: 0, msg: "ok", data: null };
  });

  route(app, calls.editorMe, async (request) => {
    const actor = actorOf(request);
    const editor = actor.editor;
    return {
      code: 0,
      msg: "ok",
      data: {
        editor: presentEditor(editor),
        csrf_token: actor.csrfToken ?? "",
        totp_enrolment_required: Boolean(editor.totp_required) && !editor.totp_enabled,
        password_change_required: Boolean(editor.password_one_time),
      },
    };
  });

  route(app, calls.editorSessions, async (request) => {
    const actor = actorOf(request);
    const rows = await editors.sessionsOf(actor.id, editorIdleMs);
    const list = rows.map((row) => ({
      id: row.id,
      created_at: iso(row.created_at),
      last_seen_at: iso(row.last_seen_at),
      expires_at: iso(row.expires_at),
      ip: row.ip,
      user_agent: row.user_agent,
      current: row.id === actor.sessionId,
    }));
    return { code: 0, msg: "ok", data: { list } };
  });

  route(app, calls.revokeEditorSession, async (request) => {
    const actor = actorOf(request);
    const ended = await editors.inTransaction(async (trx) => {
      if (!(await editors.endSession(actor.id, request.params.id, trx))) return false;
      await app.auditWrite(request, trx, {
        target: `editor:${actor.id}`,
        before: { session: request.params.id },
        after: { session: null },
      });
      return true;
    });
    if (!ended) throw notFound("会话不存在或已结束");
    return { code: 0, msg: "已退出该会话", data: null };
  });

  /**
   * The session's editor types the account's password again before a change of its credentials
   * (ASVS 7.5.1). A wrong one is guessed no more freely here than at the login: it counts toward the
   * same lock, and the try that locks the account ends this session.
   */
  async function reauthenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    actor: ReturnType<typeof actorOf>,
    password: string,
  ): Promise<EditorRow> {
    const now = Date.now();
    const fresh = await editors.findById(actor.id);
    if (!fresh) throw unauthorized("请先登录编辑账号");
    // taken before the check, as at the login: parallel guesses cannot all be checked before the lock
    const taken = await editors.takeAttempt(actor.id, now);
    if (!taken) throw locked(await lockedUntil(actor.id, now), now);
    if (await verifyEditorPassword(password, fresh.password_hash, passwordCost)) {
      await editors.recordSuccess(actor.id, now);
      // the account as its password was checked: a change made from it names the version it saw
      return fresh;
    }
    request.log.warn({ editorId: actor.id, failures: taken.failed_count }, "editor re-authentication failed");
    if (taken.locked_until > now) {
      // a session that guesses its way into a lock is ended: whoever holds it must log in again
      await editors.endSession(actor.id, actor.sessionId);
      app.editorSessions.clearCookie(reply);
      throw locked(taken.locked_until, now);
    }
    throw forbidden("当前密码错误");
  }

  route(app, calls.startTotp, async (request, reply) => {
    const actor = actorOf(request);
    if (actor.editor.totp_enabled) throw conflict("两步验证已启用");
    await reauthenticate(request, reply, actor, request.body.password);
    const secret = newTotpSecret();
    await editors.change(actor.id, { totp_secret: secret, totp_enabled: 0 }, (trx, before, after) =>
      app.auditWrite(request, trx, {
        target: `editor:${actor.id}`,
        before: { totp_enabled: Boolean(before.totp_enabled) },
        after: { totp_enabled: Boolean(after.totp_enabled), totp_enrolment: "started" },
      }),
    );
    return { code: 0, msg: "ok", data: { uri: totpUri(secret, actor.editor.email) } };
  });

  route(app, calls.confirmTotp, async (request) => {
    const actor = actorOf(request);
    const fresh = await editors.findById(actor.id);
    if (!fresh?.totp_secret) throw conflict("请先开始两步验证的绑定");
    if (fresh.totp_enabled) throw conflict("两步验证已启用");
    const step = totpStep(fresh.totp_secret, request.body.code);
    if (step === null) throw badRequest("验证码错误");
    // once the second factor is on, the account's other sessions (begun without it) end
    const changed = await editors.change(
      actor.id,
      { totp_enabled: 1, totp_last_step: step },
      (trx, before, after) =>
        app.auditWrite(request, trx, {
          target: `editor:${actor.id}`,
          before: { totp_enabled: Boolean(before.totp_enabled) },
          after: { totp_enabled: Boolean(after.totp_enabled) },
        }),
      { endSessions: true, keepSession: actor.sessionId },
    );
    if (!changed) throw notFound("账号不存在");
    return { code: 0, msg: "两步验证已启用", data: presentEditor(changed) };
  });

  route(app, calls.changeEditorPassword, async (request, reply) => {
    const actor = actorOf(request);
    const { current, next } = request.body;
    if (next === current) throw badRequest("新密码不能与当前密码相同");
    if (weakPassword(next, actor.editor)) throw badRequest(weakPasswordMessage);
    const checked = await reauthenticate(request, reply, actor, current);
    const hash = await hashEditorPassword(next, passwordCost);
    const changed = await editors.change(
      actor.id,
      { password_hash: hash, password_one_time: 0, password_expires_at: 0 },
      (trx) =>
        app.auditWrite(request, trx, { target: `editor:${actor.id}`, before: null, after: { password: "changed" } }),
      // only over the password that was checked: an admin's reset made meanwhile stands
      { endSessions: true, keepSession: actor.sessionId, passwordVersion: Number(checked.password_version) },
    );
    if (!changed) {
      app.editorSessions.clearCookie(reply);
      throw conflict("密码已被管理员重置，请使用新密码重新登录");
    }
    return { code: 0, msg: "密码已修改，其他会话已退出", data: null };
  });

  route(app, calls.listEditors, async () => {
    const rows = await editors.list();
    return { code: 0, msg: "ok", data: { list: rows.map(presentEditor) } };
  });

  route(app, calls.createEditor, async (request) => {
    const { email, name, role, totp_required } = request.body;
    const password = oneTimePassword();
    const passwordHash = await hashEditorPassword(password, passwordCost);
    const row = await editors.inTransaction(async (trx) => {
      const created = await editors.create(
        { email, name, role, passwordHash, totpRequired: totp_required ?? false, oneTimePassword: true },
        Date.now(),
        trx,
      );
      if (created) {
        await app.auditWrite(request, trx, {
          target: `editor:${created.id}`,
          before: null,
          after: presentEditor(created),
        });
      }
      return created;
    });
    if (!row) throw conflict("该邮箱已有账号");
    request.log.info({ editorId: row.id, role }, "editor account created");
    return { code: 0, msg: "ok", data: { editor: presentEditor(row), password } };
  });

  route(app, calls.updateEditor, async (request) => {
    const actor = actorOf(request);
    const { name, role, disabled, totp_required, reset_totp } = request.body;
    const id = request.params.id;
    if (id === actor.id && (disabled === true || (role !== undefined && role !== "admin"))) {
      throw badRequest("不能停用自己的账号或取消自己的管理员角色");
    }
    const changed = await editors.change(
      id,
      {
        ...(name !== undefined ? { name } : {}),
        ...(role !== undefined ? { role } : {}),
        ...(disabled !== undefined ? { disabled: disabled ? 1 : 0 } : {}),
        ...(totp_required !== undefined ? { totp_required: totp_required ? 1 : 0 } : {}),
        // a lost authenticator: the account enrols anew at its next login, every session of it ended
        ...(reset_totp ? { totp_enabled: 0, totp_secret: null, totp_last_step: 0 } : {}),
      },
      (trx, before, after) =>
        app.auditWrite(request, trx, {
          target: `editor:${id}`,
          before: presentEditor(before),
          after: { ...presentEditor(after), ...(reset_totp ? { totp_reset: true } : {}) },
        }),
      // every session of the account ends (an admin resetting their own keeps the one they act in)
      reset_totp ? { endSessions: true, ...(id === actor.id ? { keepSession: actor.sessionId } : {}) } : {},
    );
    if (!changed) throw notFound("账号不存在");
    return { code: 0, msg: "ok", data: presentEditor(changed) };
  });

  route(app, calls.resetEditorPassword, async (request, reply) => {
    const actor = actorOf(request);
    const id = request.params.id;
    // one's own is changed with the current password (the security screen), never reset around it
    if (id === actor.id) throw badRequest("请在安全设置中修改自己的密码");
    // a session alone does not hand over another's account: the admin types their own password again
    await reauthenticate(request, reply, actor, request.body.password);
    const password = oneTimePassword();
    const now = Date.now();
    const changed = await editors.change(
      id,
      {
        password_hash: await hashEditorPassword(password, passwordCost),
        password_one_time: 1,
        password_expires_at: now + oneTimePasswordTtlMs,
        // the lock guarded the old password; the new one starts uncounted
        failed_count: 0,
        locked_until: 0,
      },
      (trx, before, after) =>
        app.auditWrite(request, trx, {
          target: `editor:${id}`,
          before: presentEditor(before),
          after: { ...presentEditor(after), password: "reset" },
        }),
      { endSessions: true },
      now,
    );
    if (!changed) throw notFound("账号不存在");
    request.log.info({ editorId: id }, "editor password reset by an admin");
    return { code: 0, msg: "ok", data: { editor: presentEditor(changed), password } };
  });

  const auditFilter = (query: {
    editor_id?: number;
    action?: string;
    target?: string;
    from?: string;
    to?: string;
    cursor?: number;
    limit: number;
  }): AuditFilter => {
    const from = query.from !== undefined ? Date.parse(query.from) : undefined;
    const to = query.to !== undefined ? Date.parse(query.to) : undefined;
    if (Number.isNaN(from) || Number.isNaN(to)) throw badRequest("时间格式错误");
    if (from !== undefined && to !== undefined && from > to) throw badRequest("开始时间不能晚于结束时间");
    return {
      ...(query.editor_id !== undefined ? { editorId: query.editor_id } : {}),
      ...(query.action !== undefined ? { action: query.action } : {}),
      ...(query.target !== undefined ? { target: query.target } : {}),
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
      ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
      limit: query.limit,
    };
  };
  const parseJson = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

  route(app, calls.auditTrail, async (request) => {
    const page = await editors.auditTrail(auditFilter(request.query));
    const list = page.rows.map((row) => ({
      id: row.id,
      at: iso(row.at),
      editor_id: row.editor_id,
      editor_name: row.editor_id === null ? "导入密钥" : (row.editor_name ?? `#${row.editor_id}`),
      ip: row.ip,
      user_agent: row.user_agent,
      action: row.action,
      target: row.target,
      before: parseJson(row.before_json),
      after: parseJson(row.after_json),
    }));
    return { code: 0, msg: "ok", data: { list, next: page.next } };
  });

  route(app, calls.auditTrailCsv, async (request, reply) => {
    const filter = { ...auditFilter(request.query), limit: 10_000 };
    const page = await editors.auditTrail(filter);
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", `attachment; filename="davmu-audit.csv"`)
      .header("cache-control", "no-store")
      .send(auditCsv(page.rows));
  });
}
