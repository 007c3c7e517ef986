import { Type } from "typebox";
import { AccountIdParams, InviteRecordList, InviteRequest, UserInfo, VcodeQuery, VcodeResult } from "../account.ts";
import { AuthRequest, AuthResult } from "../app.ts";
import { defineCall } from "../call.ts";
import { answers, Envelope, ErrorEnvelope } from "../envelope.ts";

const tags = ["account"];

export const auth = defineCall({
  method: "POST",
  path: "/peony/v1/auth",
  access: "public",
  tags,
  summary: "Anonymous login, or phone login with an SMS code or a password",
  description:
    "Without `account` it issues an anonymous token. With `account` and `verify_code` it logs the phone in and registers it when new; with `account` and `password` it checks the password. " +
    "Wrong passwords are counted per account, from any address: after five, the account's password logins are locked for a while that grows with every further failure (423); logging in by code stays open.",
  body: AuthRequest,
  responses: answers(AuthResult),
});

export const vcode = defineCall({
  method: "GET",
  path: "/peony/v1/vcode",
  access: "token",
  tags,
  summary: "Sends a 6-digit login code by SMS (type 6)",
  description:
    "At most one code per phone every 60 s and 10 a day, with per-IP and per-device caps. The answer is the same whether or not the phone has an account.",
  query: VcodeQuery,
  responses: { ...answers(VcodeResult), "5xx": ErrorEnvelope },
});

export const account = defineCall({
  method: "GET",
  path: "/peony/v1/account/:id",
  access: "token",
  tags,
  summary: "The logged-in user's own profile",
  description: "Code 402 while the token is not yet a user token (the page retries); 403 for another user.",
  params: AccountIdParams,
  responses: answers(UserInfo),
});

export const logout = defineCall({
  method: "POST",
  path: "/peony/v1/account/logout",
  access: "token",
  tags,
  summary: "Revokes the token the request carries",
  responses: answers(Type.Null()),
});

export const invite = defineCall({
  method: "POST",
  path: "/peony/v1/account",
  access: "user",
  tags,
  summary: "Enters the invite code of the user who invited this one (once)",
  body: InviteRequest,
  responses: answers(Type.Null()),
});

export const inviteRecord = defineCall({
  method: "GET",
  path: "/peony/v1/invite/record",
  access: "user",
  tags,
  summary: "The users this user invited, newest first (up to 50)",
  responses: answers(InviteRecordList),
});

/** Development only: the codes the development SMS transport "sent" (not registered in production). */
export const devSmsOutbox = defineCall({
  method: "GET",
  path: "/dev/sms-outbox",
  access: "public",
  tags: ["development"],
  summary: "Codes sent by the development SMS transport, newest first (not in production)",
  query: Type.Object({ tel: Type.Optional(Type.String({ maxLength: 20 })) }),
  responses: {
    200: Envelope(
      Type.Object({
        list: Type.Array(Type.Object({ tel: Type.String(), code: Type.String(), sent_at: Type.String() })),
      }),
    ),
    // 403 to any client not on this machine
    "4xx": ErrorEnvelope,
  },
});
