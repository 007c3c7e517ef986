/** The demo invitation: the first demo reader (江澜小编) invites with this code (`/invite/JLXW2026/index.html`). */
export const demoInviteCode = "JLXW2026";

/** What the demo tells an invited reader they get. */
export const demoInviteReward = "接受邀请并注册，即可评论、收藏、关注媒体号，第一时间获取江澜本地资讯。";
