import { Type } from "typebox";
import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers } from "../envelope.ts";
import {
  AuthorHistory,
  AuthorHistoryQuery,
  BanRequest,
  Comment,
  CommentCreate,
  CommentList,
  CommentListQuery,
  CommentReplyParams,
  IdParams,
  ModerationAction,
  ModerationList,
  ModerationQuery,
  PostIdParams,
  ReportRequest,
  ReportResult,
  TextModeration,
  TextParams,
} from "../interaction.ts";

const tags = ["interaction"];
const listDescription =
  "Keyset-paginated: pass `next_cursor` as `cursor` for the next page. A numbered `page` without a cursor also works. Held comments appear to their author only.";
const postDescription =
  "Text is stored as plain text. Banned words are refused, listed words masked, comments with links held for review (visible to their author only), the same text twice within 60 s refused.";

export const comments = defineCall({
  method: "GET",
  path: "/peony/v1/comment/:post_id",
  access: "optional",
  tags,
  summary: "Top-level comments of a post, newest first (page size 10 from page 1)",
  description: listDescription,
  params: PostIdParams,
  query: CommentListQuery,
  responses: answers(CommentList),
});

export const mpComments = defineCall({
  method: "GET",
  path: "/dinner/comment/:post_id",
  access: "optional",
  tags,
  summary: "Comments of a media-account post",
  description: listDescription,
  params: PostIdParams,
  query: CommentListQuery,
  responses: answers(CommentList),
});

/** Spec §7 names a guzzle variant of the comment reads for media-account posts beside the dinner one. */
export const guzzleComments = defineCall({
  method: "GET",
  path: "/guzzle/v1/comment/:post_id",
  access: "optional",
  tags,
  summary: "Top-level comments of a media-account post, newest first (page size 10 from page 1)",
  description: `${listDescription} The organisation's own posts answer 404.`,
  params: PostIdParams,
  query: CommentListQuery,
  responses: answers(CommentList),
});

export const innerComments = defineCall({
  method: "GET",
  path: "/inner/comment/:post_id",
  access: "optional",
  tags,
  summary: "Comments of a post (server-side rendering)",
  description: listDescription,
  params: PostIdParams,
  query: CommentListQuery,
  responses: answers(CommentList),
});

export const replies = defineCall({
  method: "GET",
  path: "/peony/v1/comment/:post_id/:cid",
  access: "optional",
  tags,
  summary: "Replies of a top-level comment, oldest first",
  description: listDescription,
  params: CommentReplyParams,
  query: CommentListQuery,
  responses: answers(CommentList),
});

export const mpReplies = defineCall({
  method: "GET",
  path: "/guzzle/v1/comment/:post_id/:cid",
  access: "optional",
  tags,
  summary: "Replies of a top-level comment of a media-account post, oldest first",
  description: `${listDescription} The organisation's own posts answer 404.`,
  params: CommentReplyParams,
  query: CommentListQuery,
  responses: answers(CommentList),
});

export const postComment = defineCall({
  method: "POST",
  path: "/peony/v1/comment/:post_id",
  access: "user",
  tags,
  summary: "Comments on a post, or replies with parent_id",
  description: postDescription,
  params: PostIdParams,
  body: CommentCreate,
  responses: answers(Comment),
});

export const postMpComment = defineCall({
  method: "POST",
  path: "/guzzle/v1/comment/:post_id",
  access: "user",
  tags,
  summary: "Comments on a media-account post",
  description: postDescription,
  params: PostIdParams,
  body: CommentCreate,
  responses: answers(Comment),
});

export const reportComment = defineCall({
  method: "POST",
  path: "/peony/v1/comment/:post_id/:cid/report",
  access: "user",
  tags,
  summary: "Reports a comment; five reports hold it for an editor",
  params: CommentReplyParams,
  body: ReportRequest,
  responses: answers(ReportResult),
});

export const moderationQueue = defineCall({
  method: "GET",
  path: "/editor/v1/comments",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary:
    "Moderation queue: held comments (pending), reported published ones, or all: comments, report comments and live chat messages, held or shown, newest first",
  headers: EditorSessionHeaders,
  query: ModerationQuery,
  responses: answers(ModerationList),
});

export const moderateComment = defineCall({
  method: "POST",
  path: "/editor/v1/comments/:id",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary: "Approves (publishes) or rejects a comment",
  headers: EditorSessionHeaders,
  params: IdParams,
  body: ModerationAction,
  responses: answers(Type.Null()),
});

export const deleteComment = defineCall({
  method: "DELETE",
  path: "/editor/v1/comments/:id",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary: "Deletes a comment (it disappears for everyone, its author included)",
  headers: EditorSessionHeaders,
  params: IdParams,
  responses: answers(Type.Null()),
});

export const authorHistory = defineCall({
  method: "GET",
  path: "/editor/v1/users/:id",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary: "A commenting user's ban and latest comments, report comments and chat messages",
  headers: EditorSessionHeaders,
  params: IdParams,
  query: AuthorHistoryQuery,
  responses: answers(AuthorHistory),
});

export const banUser = defineCall({
  method: "POST",
  path: "/editor/v1/users/:id/ban",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary: "Bans a user: their new comments, report comments and chat messages are refused (403) until unbanned",
  headers: EditorSessionHeaders,
  params: IdParams,
  body: BanRequest,
  responses: answers(Type.Null()),
});

export const unbanUser = defineCall({
  method: "DELETE",
  path: "/editor/v1/users/:id/ban",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary: "Lifts a user's ban",
  headers: EditorSessionHeaders,
  params: IdParams,
  responses: answers(Type.Null()),
});

export const moderateText = defineCall({
  method: "POST",
  path: "/editor/v1/moderation/:kind/:id",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary:
    "Approves (publishes) or rejects a held report comment or chat message, or deletes one; a second moderator gets 409 naming who handled it",
  headers: EditorSessionHeaders,
  params: TextParams,
  body: TextModeration,
  responses: answers(Type.Null()),
});
