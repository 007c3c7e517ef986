import { calls } from "@davmu/contracts/calls";
import type { MediaAccountInfo } from "@davmu/contracts/interaction";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";

interface AccountRow {
  id: number;
  name: string;
  avatar: string;
  description: string;
  follower_count: number;
}

/** Media accounts: profiles, follows and the user's follow list (spec §7, guzzle/dinner calls). */
export async function mediaAccountRoutes(app: FastifyInstance) {
  const { mediaAccounts, publicIds } = app;

  const mediaAccount = (publicId: string) =>
    publicIds.require(
      publicId,
      (id) => mediaAccounts.mediaAccount(id),
      () => notFound("媒体号不存在"),
    );

  const present = (a: AccountRow, contentCount: number, followed: boolean): MediaAccountInfo => ({
    id: publicIds.encode(a.id),
    name: a.name,
    avatar: a.avatar,
    description: a.description,
    follower_count: a.follower_count,
    content_count: contentCount,
    is_followed: followed,
  });

  route(app, calls.follow, async (request) => {
    const account = await mediaAccount(request.params.id);
    const on = request.body.type === "add";
    const data = await mediaAccounts.setFollowing(userOf(request), account.id, on);
    return { code: 0, msg: on ? "关注成功" : "已取消关注", data };
  });

  route(app, calls.isFollowed, async (request) => {
    const account = await mediaAccount(request.params.id);
    const viewer = viewerOf(request);
    const followed = viewer !== null && (await mediaAccounts.isFollowing(viewer, account.id));
    return { code: 0, msg: "ok", data: { is_followed: followed, follower_count: account.follower_count } };
  });

  route(app, calls.mpInfo, async (request) => {
    const account = await mediaAccount(request.params.id);
    const viewer = viewerOf(request);
    const followed = viewer !== null && (await mediaAccounts.isFollowing(viewer, account.id));
    return { code: 0, msg: "ok", data: present(account, account.content_count, followed) };
  });

  route(app, calls.followList, async (request) => {
    const rows = await mediaAccounts.followList(userOf(request), 100);
    return { code: 0, msg: "ok", data: { list: rows.map((a) => present(a, 0, true)), total: rows.length } };
  });
}
