import { type Static, Type } from "typebox";
import type { EditorRole } from "./call.ts";

/**
 * The newsroom's roles (R-CONSOLE-2): admin (accounts, site settings, everything else too), editor
 * (preview links, live rooms, forms, activities, local information, app download addresses),
 * moderator (comments, report comments, live chat, tips), analyst (statistics, read only).
 */
export const editorRoles: readonly EditorRole[] = ["admin", "editor", "moderator", "analyst"];
export type { EditorRole };

export const EditorRoleSchema = Type.Union(
  [Type.Literal("admin"), Type.Literal("editor"), Type.Literal("moderator"), Type.Literal("analyst")],
  { description: "admin, editor, moderator or analyst" },
);

const Email = Type.String({ minLength: 3, maxLength: 254, pattern: "^[^\\s@]+@[^\\s@]+$", description: "login email" });
const Name = Type.String({ minLength: 1, maxLength: 64, description: "the name other editors see" });
const Password = Type.String({ minLength: 1, maxLength: 256 });
const TotpCode = Type.String({ pattern: "^[0-9]{6}$", description: "the 6-digit code of the authenticator app" });

/** An editor's account as answered: never its password hash nor its TOTP secret. */
export const EditorAccount = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  email: Type.String(),
  name: Type.String(),
  role: EditorRoleSchema,
  disabled: Type.Boolean(),
  totp_enabled: Type.Boolean(),
  totp_required: Type.Boolean(),
  created_at: Type.String({ format: "date-time" }),
  /** While the password is a one-time one someone handed over: when it stops logging in; null once its owner chose one. */
  password_expires_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
});
export type EditorAccount = Static<typeof EditorAccount>;

export const EditorLoginBody = Type.Object(
  { email: Email, password: Password, totp: Type.Optional(TotpCode) },
  { additionalProperties: false },
);

export const EditorLogin = Type.Object({
  editor: EditorAccount,
  /** Sent back in `x-csrf-token` with every write of this session. */
  csrf_token: Type.String(),
  expires_at: Type.String({ format: "date-time", description: "when the session ends at the latest" }),
  /** An admin requires TOTP of this account and it is not enrolled yet: only enrolment works until it is. */
  totp_enrolment_required: Type.Boolean(),
  /**
   * The password is a one-time one someone else handed over (an invitation, the CLI): until it is
   * replaced, only the password change, TOTP enrolment, one's own account and logout work.
   */
  password_change_required: Type.Boolean(),
});

export const EditorMe = Type.Object({
  editor: EditorAccount,
  csrf_token: Type.String(),
  totp_enrolment_required: Type.Boolean(),
  password_change_required: Type.Boolean(),
});

export const EditorSessionItem = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  created_at: Type.String({ format: "date-time" }),
  last_seen_at: Type.String({ format: "date-time" }),
  expires_at: Type.String({ format: "date-time" }),
  ip: Type.String(),
  user_agent: Type.String(),
  current: Type.Boolean(),
});

export const EditorIdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2147483647 }) });

export const TotpEnrolment = Type.Object({
  uri: Type.String({ description: "otpauth:// URI, to be shown as a QR code" }),
});
export const TotpConfirmBody = Type.Object({ code: TotpCode }, { additionalProperties: false });

/** Starting TOTP enrolment asks for the account's password again (re-authentication). */
export const TotpStartBody = Type.Object({ password: Password }, { additionalProperties: false });

/** An admin's reset of another's password, confirmed with the admin's own password. */
export const PasswordResetBody = Type.Object(
  { password: Type.String({ minLength: 1, maxLength: 256, description: "the acting admin's own password" }) },
  { additionalProperties: false },
);

export const PasswordChangeBody = Type.Object(
  { current: Password, next: Type.String({ minLength: 12, maxLength: 256 }) },
  { additionalProperties: false },
);

export const NewEditorBody = Type.Object(
  { email: Email, name: Name, role: EditorRoleSchema, totp_required: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const NewEditor = Type.Object({
  editor: EditorAccount,
  password: Type.String({ description: "the one-time password to hand to the new editor" }),
});

export const EditorChangeBody = Type.Object(
  {
    name: Type.Optional(Name),
    role: Type.Optional(EditorRoleSchema),
    disabled: Type.Optional(Type.Boolean()),
    totp_required: Type.Optional(Type.Boolean()),
    /** A lost authenticator: TOTP off and its secret dropped, every session of the account ended. */
    reset_totp: Type.Optional(Type.Literal(true)),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const AuditQuery = Type.Object(
  {
    editor_id: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    action: Type.Optional(Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z]+$" })),
    target: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    from: Type.Optional(Type.String({ format: "date-time" })),
    to: Type.Optional(Type.String({ format: "date-time" })),
    cursor: Type.Optional(Type.Integer({ minimum: 1, maximum: 2147483647 })),
    limit: Type.Integer({ minimum: 1, maximum: 200, default: 50 }),
  },
  { additionalProperties: false },
);

export const AuditEntry = Type.Object({
  id: Type.Integer(),
  at: Type.String({ format: "date-time" }),
  editor_id: Type.Union([Type.Integer(), Type.Null()]),
  editor_name: Type.String({ description: "the editor's name, or 导入密钥 for the content import key" }),
  ip: Type.String(),
  user_agent: Type.String(),
  action: Type.String({ description: "the call's name" }),
  target: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export const AuditPage = Type.Object({
  list: Type.Array(AuditEntry),
  /** The cursor of the next (older) page, null on the last. */
  next: Type.Union([Type.Integer(), Type.Null()]),
});

/** Headers of an editor's call: writes send the session's CSRF token back. */
export const EditorSessionHeaders = Type.Object({
  "x-csrf-token": Type.Optional(Type.String({ description: "the session's CSRF token (writes)" })),
});
