import { Type } from "typebox";
import { defineCall } from "../call.ts";
import {
  AuditPage,
  AuditQuery,
  EditorAccount,
  EditorChangeBody,
  EditorIdParams,
  EditorLogin,
  EditorLoginBody,
  EditorMe,
  EditorSessionHeaders,
  EditorSessionItem,
  NewEditor,
  NewEditorBody,
  PasswordChangeBody,
  PasswordResetBody,
  TotpConfirmBody,
  TotpEnrolment,
  TotpStartBody,
} from "../editors.ts";
import { answers, ErrorEnvelope } from "../envelope.ts";

/** Every role: calls about one's own account. */
const everyone = ["editor", "moderator", "analyst"] as const;

export const editorLogin = defineCall({
  method: "POST",
  path: "/editor/v1/login",
  access: "public",
  tags: ["editors"],
  summary: "An editor logs in (email, password, TOTP when enrolled) for an httpOnly SameSite=Strict session cookie",
  description:
    "Answers the session's CSRF token, to be sent back in x-csrf-token with every write. Failed tries are counted " +
    "per email, whether or not an account has it; after five the email is locked for a while that grows with every " +
    "further failure (423). A one-time password past its 72 hours answers 403 初始密码已过期.",
  body: EditorLoginBody,
  responses: answers(EditorLogin),
});

export const editorLogout = defineCall({
  method: "POST",
  path: "/editor/v1/logout",
  access: "editor",
  roles: everyone,
  tags: ["editors"],
  summary: "Ends this session (the cookie is cleared)",
  headers: EditorSessionHeaders,
  responses: answers(Type.Null()),
});

export const editorMe = defineCall({
  method: "GET",
  path: "/editor/v1/me",
  access: "editor",
  roles: everyone,
  tags: ["editors"],
  summary: "The logged-in editor and the session's CSRF token",
  responses: answers(EditorMe),
});

export const editorSessions = defineCall({
  method: "GET",
  path: "/editor/v1/me/sessions",
  access: "editor",
  roles: everyone,
  tags: ["editors"],
  summary: "The editor's live sessions, newest first",
  responses: answers(Type.Object({ list: Type.Array(EditorSessionItem) })),
});

export const revokeEditorSession = defineCall({
  method: "DELETE",
  path: "/editor/v1/me/sessions/:id",
  access: "editor",
  roles: everyone,
  tags: ["editors"],
  summary: "Ends one of the editor's sessions",
  params: EditorIdParams,
  headers: EditorSessionHeaders,
  responses: answers(Type.Null()),
});

export const startTotp = defineCall({
  method: "POST",
  path: "/editor/v1/me/totp",
  access: "editor",
  roles: everyone,
  tags: ["editors"],
  summary: "Starts TOTP enrolment: a new secret, as an otpauth:// URI for the authenticator app",
  description:
    "Asks for the account's password again: a wrong one counts toward the login's lock, and the try that locks " +
    "the account ends this session (423). Confirming the code ends the account's other sessions.",
  body: TotpStartBody,
  headers: EditorSessionHeaders,
  responses: answers(TotpEnrolment),
});

export const confirmTotp = defineCall({
  method: "POST",
  path: "/editor/v1/me/totp/confirm",
  access: "editor",
  roles: everyone,
  tags: ["editors"],
  summary: "Confirms TOTP enrolment with a code: from then on every login needs one",
  body: TotpConfirmBody,
  headers: EditorSessionHeaders,
  responses: answers(EditorAccount),
});

export const changeEditorPassword = defineCall({
  method: "POST",
  path: "/editor/v1/me/password",
  access: "editor",
  roles: everyone,
  tags: ["editors"],
  summary: "Changes the editor's password (at least 12 characters); the editor's other sessions end",
  description:
    "A new password equal to the current one, or one too common or easy to guess (zxcvbn's estimate under 3, the " +
    "account's email and name among the words it knows), is refused (400). A wrong current password counts toward the login's " +
    "lock, as a failed login does; the try that locks the account also ends this session (423).",
  body: PasswordChangeBody,
  headers: EditorSessionHeaders,
  responses: answers(Type.Null()),
});

export const listEditors = defineCall({
  method: "GET",
  path: "/editor/v1/editors",
  access: "editor",
  roles: [],
  tags: ["editors"],
  summary: "Every editor account (admin)",
  responses: answers(Type.Object({ list: Type.Array(EditorAccount) })),
});

export const createEditor = defineCall({
  method: "POST",
  path: "/editor/v1/editors",
  access: "editor",
  roles: [],
  tags: ["editors"],
  summary: "Invites an editor: a new account with a one-time password to hand over (admin)",
  body: NewEditorBody,
  headers: EditorSessionHeaders,
  responses: answers(NewEditor),
});

export const updateEditor = defineCall({
  method: "PUT",
  path: "/editor/v1/editors/:id",
  access: "editor",
  roles: [],
  tags: ["editors"],
  summary:
    "Changes an account's name, role or TOTP requirement, resets its lost TOTP (`reset_totp`: every session of it ends), or disables it: its sessions stop at once (admin)",
  params: EditorIdParams,
  body: EditorChangeBody,
  headers: EditorSessionHeaders,
  responses: answers(EditorAccount),
});

export const resetEditorPassword = defineCall({
  method: "POST",
  path: "/editor/v1/editors/:id/password",
  access: "editor",
  roles: [],
  tags: ["editors"],
  summary: "Resets a forgotten password: a new one-time password to hand over, valid 72 hours (admin)",
  description:
    "The admin confirms it with their own password (a wrong one counts toward their account's lock, as at a password " +
    "change, and the try that locks it ends their session). " +
    "The account's sessions end, its lock and count of failed tries are cleared, and until its owner replaces the new " +
    "password only the enrolment calls work (403 请先修改初始密码). An admin's own password is changed with the current " +
    "one instead (400). A one-time password past its 72 hours logs in no more (403 初始密码已过期), and a session begun " +
    "with it ends (401).",
  params: EditorIdParams,
  body: PasswordResetBody,
  headers: EditorSessionHeaders,
  responses: answers(NewEditor),
});

export const auditTrail = defineCall({
  method: "GET",
  path: "/editor/v1/audit",
  access: "editor",
  roles: [],
  tags: ["editors"],
  summary: "The audit trail, newest first, filtered by editor, action, target and time (admin)",
  query: AuditQuery,
  responses: answers(AuditPage),
});

export const auditTrailCsv = defineCall({
  method: "GET",
  path: "/editor/v1/audit.csv",
  access: "editor",
  roles: [],
  tags: ["editors"],
  summary: "The audit trail as CSV (UTF-8 with BOM), with the same filters, up to 10 000 rows (admin)",
  query: AuditQuery,
  responses: { 200: Type.String({ description: "text/csv" }), "4xx": ErrorEnvelope },
});
