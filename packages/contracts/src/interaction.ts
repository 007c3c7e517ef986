import { type Static, Type } from "typebox";

const PublicId = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" });

/** Where a comment stands: held comments are shown to their author only (R-MOD-1). */
export const CommentStatus = Type.Union([Type.Literal("published"), Type.Literal("pending"), Type.Literal("rejected")]);
export type CommentStatus = Static<typeof CommentStatus>;

/** Comment of spec §3. Text is plain text; clients render it escaped (R-SEC-XSS). */
export const Comment = Type.Object({
  gid: Type.String({ description: "public comment id" }),
  post_id: Type.String(),
  content: Type.String(),
  alias: Type.String(),
  avatar: Type.String(),
  user: Type.Object({ mp_name: Type.String() }),
  created_at: Type.String({ format: "date-time" }),
  ip_location: Type.String(),
  star: Type.Boolean({ description: "whether the current user starred it" }),
  star_count: Type.Integer({ minimum: 0 }),
  reply_count: Type.Integer({ minimum: 0 }),
  reply_alias: Type.String({ description: "alias of the user this reply answers, empty when none" }),
  owner_user_id: Type.String(),
  comment_type: Type.Integer({ description: "0 top-level, 1 reply" }),
  parent_id: Type.String({ description: "top-level comment a reply belongs to, empty for top-level" }),
  replys: Type.Array(Type.Unknown(), { description: "replies are loaded on demand; always empty here" }),
  level: Type.Union([Type.Literal(1), Type.Literal(2)]),
  status: CommentStatus,
  /** True on the author's own comment: lets the page offer actions on it. */
  mine: Type.Boolean(),
});
export type Comment = Static<typeof Comment>;

export const PostIdParams = Type.Object({ post_id: PublicId });
export const CommentReplyParams = Type.Object({ post_id: PublicId, cid: PublicId });
export const IdParams = Type.Object({ id: PublicId });

/** A page of comments. Page 1 needs no cursor; later pages pass `cursor` from the previous page. */
export const CommentListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  cursor: Type.Optional(Type.String({ maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" })),
});
export type CommentListQuery = Static<typeof CommentListQuery>;

export const CommentList = Type.Object({
  list: Type.Array(Comment),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
  has_more: Type.Boolean(),
  /** Pass as `cursor` to read the next page; null on the last page. */
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type CommentList = Static<typeof CommentList>;

/** POST /peony/v1/comment/{post_id}: a comment, or a reply when the reply fields are set. */
export const CommentCreate = Type.Object({
  content: Type.String({ minLength: 1, maxLength: 500 }),
  comment_type: Type.Optional(Type.Integer({ minimum: 0, maximum: 1 })),
  track_id: Type.Optional(Type.String({ maxLength: 128 })),
  target_user_id: Type.Optional(Type.String({ maxLength: 64 })),
  target_user_alias: Type.Optional(Type.String({ maxLength: 64 })),
  parent_id: Type.Optional(Type.String({ maxLength: 64 })),
});
export type CommentCreate = Static<typeof CommentCreate>;

export const AddOrDel = Type.Union([Type.Literal("add"), Type.Literal("del")]);
export type AddOrDel = Static<typeof AddOrDel>;

/** POST /peony/v1/collection/{id}. */
export const CollectionRequest = Type.Object({
  type: AddOrDel,
  cid: Type.Optional(Type.String({ maxLength: 64 })),
  track_id: Type.Optional(Type.String({ maxLength: 128 })),
});
export type CollectionRequest = Static<typeof CollectionRequest>;

export const CollectionResult = Type.Object({
  is_collect: Type.Boolean(),
  collect_count: Type.Integer({ minimum: 0 }),
});
export type CollectionResult = Static<typeof CollectionResult>;

/** GET /peony/v3/content/{type}/{id}/user_related. */
export const UserRelatedParams = Type.Object({ type: Type.String({ pattern: "^[a-z_]{1,32}$" }), id: PublicId });
export const UserRelated = Type.Object({
  is_collect: Type.Boolean(),
  is_star: Type.Boolean(),
  is_followed: Type.Boolean({ description: "whether the user follows the content's media account" }),
});
export type UserRelated = Static<typeof UserRelated>;

/** POST /peony/v1/star: star (like) a comment by `cid`, or a content item by `post_id`. */
export const StarRequest = Type.Object({
  type: AddOrDel,
  cid: Type.Optional(PublicId),
  post_id: Type.Optional(PublicId),
});
export type StarRequest = Static<typeof StarRequest>;

export const StarResult = Type.Object({
  star: Type.Boolean(),
  star_count: Type.Integer({ minimum: 0 }),
});
export type StarResult = Static<typeof StarResult>;

/** POST /guzzle/v1/mp/follow/{id}. */
export const FollowRequest = Type.Object({ type: AddOrDel });
export type FollowRequest = Static<typeof FollowRequest>;

export const FollowResult = Type.Object({
  is_followed: Type.Boolean(),
  follower_count: Type.Integer({ minimum: 0 }),
});
export type FollowResult = Static<typeof FollowResult>;

/** GET /dinner/mp/info/{id}. */
export const MediaAccountInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  description: Type.String(),
  follower_count: Type.Integer({ minimum: 0 }),
  content_count: Type.Integer({ minimum: 0 }),
  is_followed: Type.Boolean(),
});
export type MediaAccountInfo = Static<typeof MediaAccountInfo>;

export const FollowList = Type.Object({
  list: Type.Array(MediaAccountInfo),
  total: Type.Integer({ minimum: 0 }),
});
export type FollowList = Static<typeof FollowList>;

/** POST /peony/v1/comment/{post_id}/{cid}/report. */
export const ReportRequest = Type.Object({
  reason: Type.Union([
    Type.Literal("spam"),
    Type.Literal("abuse"),
    Type.Literal("porn"),
    Type.Literal("illegal"),
    Type.Literal("other"),
  ]),
  detail: Type.Optional(Type.String({ maxLength: 200 })),
});
export type ReportRequest = Static<typeof ReportRequest>;

export const ReportResult = Type.Object({ reported: Type.Boolean() });

/** Editors' moderation queue (x-api-key). */
export const ModerationQuery = Type.Object({
  /** held comments, reported ones, or all three systems' texts awaiting or shown (R-MOD-2) */
  status: Type.Union([Type.Literal("pending"), Type.Literal("reported"), Type.Literal("all")], { default: "pending" }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
});
export const ModerationAction = Type.Object({
  action: Type.Union([Type.Literal("approve"), Type.Literal("reject")]),
});

/** A report comment or a chat message to moderate: `/editor/v1/moderation/<kind>/<id>`. */
export const TextParams = Type.Object({
  kind: Type.Union([Type.Literal("report_comment"), Type.Literal("chat")]),
  id: PublicId,
});
export const TextModeration = Type.Object({
  action: Type.Union([Type.Literal("approve"), Type.Literal("reject"), Type.Literal("delete")]),
});
/** Where a moderated text lives: comments on posts, comments on clue reports, live chat. */
export const TextKind = Type.Union([Type.Literal("comment"), Type.Literal("report_comment"), Type.Literal("chat")]);
export type TextKind = Static<typeof TextKind>;

export const ModerationItem = Type.Object({
  kind: TextKind,
  gid: Type.String(),
  post_id: Type.String(),
  content: Type.String(),
  alias: Type.String(),
  status: CommentStatus,
  report_count: Type.Integer({ minimum: 0 }),
  hold_reason: Type.String(),
  created_at: Type.String({ format: "date-time" }),
  /** The author's public id: their history and ban (R-MOD-2). */
  author_id: Type.String(),
});
export type ModerationItem = Static<typeof ModerationItem>;
export const ModerationList = Type.Object({ list: Type.Array(ModerationItem) });

/** A moderator's ban of a commenting user (R-MOD-2): the reason is kept in the audit trail too. */
export const BanRequest = Type.Object({
  reason: Type.String({ maxLength: 200, default: "" }),
});

/** A user's ban: who banned them, when and why; null when not banned. */
export const UserBan = Type.Union([
  Type.Object({
    by: Type.String({ description: "the banning editor's name" }),
    reason: Type.String(),
    at: Type.String({ format: "date-time" }),
  }),
  Type.Null(),
]);

/** One of the author's recent texts in one of the three systems. */
export const AuthorText = Type.Object({
  kind: TextKind,
  gid: Type.String(),
  content: Type.String(),
  status: Type.String(),
  created_at: Type.String({ format: "date-time" }),
});
export type AuthorText = Static<typeof AuthorText>;

/** A commenting user as a moderator sees them: their ban and their latest texts, newest first. */
export const AuthorHistory = Type.Object({
  user_id: Type.String(),
  alias: Type.String(),
  ban: UserBan,
  list: Type.Array(AuthorText),
});
export type AuthorHistory = Static<typeof AuthorHistory>;

export const AuthorHistoryQuery = Type.Object({
  size: Type.Integer({ minimum: 1, maximum: 100, default: 30 }),
});
