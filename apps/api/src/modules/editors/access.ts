import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { AnyCall, EditorRole } from "@davmu/contracts/call";
import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import fp from "fastify-plugin";
import type { Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { ApiError, forbidden, unauthorized } from "../../lib/api-error.ts";
import { readCookie } from "../../lib/cookies.ts";
import { editorKeyCheck } from "../../plugins/editor-key.ts";
import { oneTimePasswordExpired, oneTimePasswordExpiredMessage } from "./passwords.ts";
import type { EditorRow, NewAuditEntry } from "./repository.ts";

/** The editors' session cookie: sent only to the editors' paths. */
export const consoleCookie = "davmu_console";

/**
 * Its name where visitors reach the site over https: `__Secure-` makes browsers take it only from a
 * secure answer, so a plain-http answer or a sibling host cannot plant one of the same name (a
 * `__Host-` name would need `Path=/`, and the cookie would then go to the share site's paths too).
 */
export function consoleCookieName(publicOrigin: string): string {
  return publicOrigin.startsWith("https:") ? `__Secure-${consoleCookie}` : consoleCookie;
}
const cookiePath = "/editor";
/** A session unused this long ends, however long it had left. */
export const editorIdleMs = 30 * 60_000;

/** Who makes an editors' call: an editor's session, or the content import key. */
export interface EditorActor {
  /** Null for the import key. */
  id: number | null;
  name: string;
  role: EditorRole | null;
  sessionId: number | null;
  csrfToken: string | null;
  editor: EditorRow | null;
}

declare module "fastify" {
  interface FastifyRequest {
    /** Set by an editors' call's access check. */
    editorActor: EditorActor | null;
    /** Whether this request's change wrote its own audit record (in the change's transaction). */
    audited: boolean;
  }
  interface FastifyInstance {
    /** The onRequest check of an editors' call: session, role, CSRF on writes, or the import key. */
    editorAccess(call: AnyCall): onRequestHookHandler;
    /** Whether the request's session may make the call (a page deciding what to show). */
    editorAllowed(request: FastifyRequest, call: AnyCall): Promise<boolean>;
    /** Starts and ends editors' sessions (the cookie and its row). */
    editorSessions: {
      start(
        request: FastifyRequest,
        reply: FastifyReply,
        editor: EditorRow,
      ): Promise<{ csrfToken: string; expiresAt: Date }>;
      clearCookie(reply: FastifyReply): void;
    };
    /** The audit record of a write whose handler wrote none: the call, its target and what was sent. */
    auditFallback(request: FastifyRequest, call: AnyCall): Promise<void>;
    /**
     * Runs an editorial change in a transaction with its audit record (R-CONSOLE-3): `work` makes the
     * change on `trx` and answers the value before and after; a failure of either leaves neither.
     */
    auditedChange<T>(
      request: FastifyRequest,
      target: string,
      work: (trx: Transaction<Database>) => Promise<{ result: T; before: unknown; after: unknown }>,
    ): Promise<T>;
    /** Writes the audit record of an editorial write, in the transaction of the change. */
    auditWrite(
      request: FastifyRequest,
      trx: Transaction<Database>,
      entry: { target: string; before: unknown; after: unknown; action?: string },
    ): Promise<void>;
  }
}

/** A session token as the server makes them: 32 random bytes in base64url. */
const tokenPattern = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");
/** The CSRF token belongs to the session id: the server derives it, a cross-site page cannot read it. */
export const csrfTokenOf = (token: string) =>
  createHmac("sha256", token).update("davmu-console-csrf").digest("base64url");

function sameToken(given: string, expected: string): boolean {
  const a = createHash("sha256").update(given).digest();
  const b = createHash("sha256").update(expected).digest();
  return timingSafeEqual(a, b) && given.length === expected.length;
}

/**
 * Calls an editor may still make while the account is not yet theirs alone: its TOTP required but not
 * enrolled, or its password a one-time one someone else handed over (migration 028).
 */
const enrolmentCalls = new Set<AnyCall>([
  calls.editorMe,
  calls.startTotp,
  calls.confirmTotp,
  calls.changeEditorPassword,
  calls.editorLogout,
]);

/** Every call's name by its declaration (the audit trail names calls by these). */
const callNames = new Map<AnyCall, string>(Object.entries(calls).map(([name, call]) => [call as AnyCall, name]));
export const callName = (call: AnyCall) => callNames.get(call) ?? `${call.method} ${call.path}`;

export const editorAccessPlugin = fp(
  async (app: FastifyInstance) => {
    const keyCheck = editorKeyCheck(app.config.editorApiKey);
    const ttlMs = app.config.tracking.editorSessionTtlSeconds * 1000;
    const secure = app.config.publicOrigin.startsWith("https:") ? "; Secure" : "";
    const cookieName = consoleCookieName(app.config.publicOrigin);
    const cookieAttributes = (maxAge: number) =>
      `Path=${cookiePath}; HttpOnly; SameSite=Strict; Max-Age=${maxAge}${secure}`;
    app.decorateRequest("editorActor", null);
    app.decorateRequest("audited", false);

    app.decorate("editorSessions", {
      async start(request: FastifyRequest, reply: FastifyReply, editor: EditorRow) {
        // a login ends the session the browser came with: a token planted or left behind before it is
        // never the one the new login's rights ride on
        const presented = readCookie(request.headers.cookie, cookieName);
        if (presented && tokenPattern.test(presented)) await app.editors.endSessionOfToken(hashToken(presented));
        const token = randomBytes(32).toString("base64url");
        const session = await app.editors.createSession({
          tokenHash: hashToken(token),
          editorId: editor.id,
          passwordVersion: Number(editor.password_version),
          ip: request.ip,
          userAgent: String(request.headers["user-agent"] ?? ""),
          ttlMs,
        });
        reply.header("set-cookie", `${cookieName}=${token}; ${cookieAttributes(Math.floor(ttlMs / 1000))}`);
        return { csrfToken: csrfTokenOf(token), expiresAt: new Date(session.expires_at) };
      },
      clearCookie(reply: FastifyReply) {
        reply.header("set-cookie", `${cookieName}=; ${cookieAttributes(0)}`);
      },
    });

    const checks = new Map<AnyCall, (request: FastifyRequest) => Promise<void>>();
    app.decorate("editorAllowed", async (request: FastifyRequest, call: AnyCall) => {
      const check = checks.get(call) ?? app.editorAccess(call);
      try {
        await (check as (request: FastifyRequest) => Promise<void>)(request);
        return true;
      } catch (error) {
        if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return false;
        throw error;
      }
    });

    app.decorate("editorAccess", (call: AnyCall): onRequestHookHandler => {
      const allowed = new Set<EditorRole>(["admin", ...(call.roles ?? [])]);
      const write = call.method !== "GET";
      const check = async function editorAccess(request: FastifyRequest) {
        // the content import alone takes the editors' key, machine to machine
        if (call.importKey && request.headers["x-api-key"] !== undefined) {
          await keyCheck(request);
          request.editorActor = {
            id: null,
            name: "导入密钥",
            role: null,
            sessionId: null,
            csrfToken: null,
            editor: null,
          };
          return;
        }
        const token = readCookie(request.headers.cookie, cookieName);
        if (!token) throw unauthorized("请先登录编辑账号");
        if (!tokenPattern.test(token)) throw unauthorized("登录已失效，请重新登录");
        const live = await app.editors.liveSession(hashToken(token), editorIdleMs);
        if (!live) throw unauthorized("登录已失效，请重新登录");
        const { editor, session } = live;
        if (oneTimePasswordExpired(editor)) {
          // a session begun with a one-time password ends with it: an admin hands over a new one
          await app.editors.endSession(editor.id, session.id);
          throw unauthorized(oneTimePasswordExpiredMessage);
        }
        if (!allowed.has(editor.role)) throw forbidden("当前角色无权执行此操作");
        if (!enrolmentCalls.has(call)) {
          if (editor.password_one_time) throw forbidden("请先修改初始密码");
          if (editor.totp_required && !editor.totp_enabled) throw forbidden("请先启用两步验证");
        }
        const csrfToken = csrfTokenOf(token);
        if (write) {
          const given = request.headers["x-csrf-token"];
          if (typeof given !== "string" || !sameToken(given, csrfToken)) throw forbidden("CSRF 校验失败，请刷新后重试");
        }
        await app.editors.touch(session.id);
        request.editorActor = {
          id: editor.id,
          name: editor.name,
          role: editor.role,
          sessionId: session.id,
          csrfToken,
          editor,
        };
      };
      checks.set(call, check);
      return check as unknown as onRequestHookHandler;
    });

    app.decorate("auditFallback", async (request: FastifyRequest, call: AnyCall) => {
      const params = request.params as Record<string, unknown> | undefined;
      const target = params && Object.keys(params).length ? JSON.stringify(params) : "";
      await app.editors.audit(
        auditEntry(request, callName(call), { target, before: null, after: request.body ?? null }),
      );
      request.audited = true;
    });

    app.decorate(
      "auditedChange",
      <T>(
        request: FastifyRequest,
        target: string,
        work: (trx: Transaction<Database>) => Promise<{ result: T; before: unknown; after: unknown }>,
      ): Promise<T> =>
        app.editors.inTransaction(async (trx) => {
          const { result, before, after } = await work(trx);
          await app.auditWrite(request, trx, { target, before, after });
          return result;
        }),
    );

    app.decorate(
      "auditWrite",
      async (
        request: FastifyRequest,
        trx: Transaction<Database>,
        entry: { target: string; before: unknown; after: unknown; action?: string },
      ) => {
        const call = request.routeOptions.config.call;
        await app.editors.audit(auditEntry(request, entry.action ?? (call ? callName(call) : request.url), entry), trx);
        request.audited = true;
      },
    );
  },
  { name: "editor-access", dependencies: ["settings", "db", "editors-repository"] },
);

export function auditEntry(
  request: FastifyRequest,
  action: string,
  entry: { target: string; before: unknown; after: unknown },
): NewAuditEntry {
  return {
    editorId: request.editorActor?.id ?? null,
    ip: request.ip,
    userAgent: String(request.headers["user-agent"] ?? ""),
    action,
    target: entry.target,
    before: entry.before,
    after: entry.after,
  };
}
