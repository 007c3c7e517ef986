import { type Static, Type } from "typebox";
import { phonePattern } from "./app.ts";

/** GET /peony/v1/vcode: send an SMS login code (type 6 is login). */
export const VcodeQuery = Type.Object({
  tel: Type.String({ pattern: phonePattern, description: "11-digit mobile number" }),
  type: Type.Literal(6, { description: "6: login code" }),
});
export type VcodeQuery = Static<typeof VcodeQuery>;

export const VcodeResult = Type.Object({
  /** Seconds before another code can be asked for this phone. */
  resend_after: Type.Integer({ minimum: 0 }),
  /** Seconds the code stays valid. */
  expires_in: Type.Integer({ minimum: 0 }),
});
export type VcodeResult = Static<typeof VcodeResult>;

/** GET /peony/v1/account/{id}: the logged-in user's own profile. */
export const UserInfo = Type.Object({
  user_id: Type.String(),
  alias: Type.String({ description: "nickname shown with comments" }),
  avatar: Type.String(),
  /** Masked, e.g. 138****8000. */
  phone: Type.String(),
  invite_code: Type.String(),
  created_at: Type.String({ format: "date-time" }),
});
export type UserInfo = Static<typeof UserInfo>;

export const AccountIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
});

/** POST /peony/v1/account: the logged-in user enters the invite code of whoever invited them. */
export const InviteRequest = Type.Object({
  invite_code: Type.String({ pattern: "^[A-Za-z0-9]{4,16}$" }),
});
export type InviteRequest = Static<typeof InviteRequest>;

export const InviteRecord = Type.Object({
  user_id: Type.String(),
  alias: Type.String(),
  avatar: Type.String(),
  invited_at: Type.String({ format: "date-time" }),
});
export type InviteRecord = Static<typeof InviteRecord>;

/** GET /peony/v1/invite/record: whom the user invited, newest first. */
export const InviteRecordList = Type.Object({
  list: Type.Array(InviteRecord),
  total: Type.Integer({ minimum: 0 }),
});
export type InviteRecordList = Static<typeof InviteRecordList>;
