import { calls } from "@davmu/contracts/calls";
import { inviteCodeCapacity } from "@davmu/contracts/invites";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";

/** The editors' words for what an invited reader gets, when they set none. */
export const defaultInviteReward = "注册后即可评论、收藏和关注媒体号，第一时间获取江澜本地资讯。";

/** Invitation cards (R-INVITE-1): what `/invite/{code}` shows before the reader signs up. */
export async function inviteRoutes(app: FastifyInstance) {
  route(app, calls.inviteCard, async (request) => {
    const inviter = await app.users.findByInviteCode(request.params.code);
    if (!inviter) throw notFound("邀请码不存在");
    const [{ total }, reward] = await Promise.all([app.users.invitedBy(inviter.id, 1), app.appSettings.inviteReward()]);
    return {
      code: 0,
      msg: "ok",
      data: {
        code: inviter.invite_code ?? request.params.code.toUpperCase(),
        inviter: { alias: inviter.alias, avatar: inviter.avatar },
        invited_count: Number(total),
        capacity: inviteCodeCapacity,
        used_up: Number(total) >= inviteCodeCapacity,
        reward: reward || defaultInviteReward,
      },
    };
  });
}
