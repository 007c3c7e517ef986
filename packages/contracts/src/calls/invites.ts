import { defineCall } from "../call.ts";
import { answers } from "../envelope.ts";
import { InviteCard, InviteCodeParams } from "../invites.ts";

export const inviteCard = defineCall({
  method: "GET",
  path: "/peony/v1/invite/card/:code",
  access: "token",
  tags: ["accounts"],
  summary:
    "An invitation code's card: the inviter's name and avatar, what the reader gets, how many it brought and whether it is used up; unknown codes 404",
  params: InviteCodeParams,
  responses: answers(InviteCard),
});
