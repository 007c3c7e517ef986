import { type Static, Type } from "typebox";

/** How many readers one invitation code brings at most; past it the code is used up. */
export const inviteCodeCapacity = 50;

export const InviteCodeParams = Type.Object({
  code: Type.String({ pattern: "^[A-Za-z0-9]{4,16}$" }),
});

/** GET /peony/v1/invite/card/{code}: who invites, what the reader gets, whether the code is used up. */
export const InviteCard = Type.Object({
  code: Type.String(),
  inviter: Type.Object({ alias: Type.String(), avatar: Type.String() }),
  invited_count: Type.Integer({ minimum: 0 }),
  capacity: Type.Integer({ minimum: 1 }),
  used_up: Type.Boolean(),
  /** what the reader gets by accepting (the editors' `invite_reward` setting) */
  reward: Type.String(),
});
export type InviteCard = Static<typeof InviteCard>;
