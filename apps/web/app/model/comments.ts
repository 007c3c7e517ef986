import type { ContentItem } from "@davmu/contracts/content";
import type { CommentCreate, Comment as CommentItem } from "@davmu/contracts/interaction";
import { type Translate, translator, zhCN } from "./i18n/messages.ts";

const zh = translator(zhCN);

/** Comments: who may write, what a reply carries, and how a thread is kept (spec §4, §5). */

/** The input shows only when meta.comment_available is the string "true" or enable_comment is set. */
export function commentsAvailable(item: Pick<ContentItem, "meta" | "enable_comment">): boolean {
  return item.meta.comment_available === "true" || item.enable_comment === true;
}

export const commentPageSize = 10;
export const commentsClosedMessage = "评论已关闭";
export const emptyCommentMessage = "评论内容不能为空";
export const noCommentsText = "暂无评论，快来抢沙发吧～";

/** Who a reply answers: the comment tapped, and the thread (top-level comment) it sits in. */
export interface ReplyTarget {
  /** gid of the comment the reply answers (a top-level comment or a reply in its thread) */
  gid: string;
  /** gid of the top-level comment the new reply will be listed under */
  rootGid: string;
  userId: string;
  alias: string;
}

export function replyTargetOf(comment: CommentItem, rootGid?: string): ReplyTarget {
  return {
    gid: comment.gid,
    rootGid: rootGid || (comment.comment_type === 0 ? comment.gid : comment.parent_id),
    userId: comment.owner_user_id,
    alias: comment.alias,
  };
}

/** Reply mode: set on tapping 回复; cleared on blur with nothing typed, or after sending. */
export type ReplyMode = { target: ReplyTarget | null };
export type ReplyAction = { type: "reply"; target: ReplyTarget } | { type: "blur"; text: string } | { type: "sent" };

export function replyModeReducer(state: ReplyMode, action: ReplyAction): ReplyMode {
  switch (action.type) {
    case "reply":
      return { target: action.target };
    case "blur":
      return action.text.trim() === "" && state.target ? { target: null } : state;
    case "sent":
      return state.target ? { target: null } : state;
    default:
      return state;
  }
}

export function inputPlaceholder(mode: ReplyMode, t: Translate = zh): string {
  return mode.target ? t("replyToPlaceholder", { alias: mode.target.alias }) : t("writeCommentPlaceholder");
}

/**
 * The body of a new comment. A reply names the comment it answers as parent_id (the API files it
 * under that comment's thread) and its author as the target.
 */
export function commentBody(text: string, mode: ReplyMode, trackId: string): CommentCreate {
  const body: CommentCreate = { content: text.trim(), comment_type: 0 };
  if (trackId) body.track_id = trackId;
  if (mode.target) {
    body.comment_type = 1;
    body.parent_id = mode.target.gid;
    body.target_user_id = mode.target.userId;
    body.target_user_alias = mode.target.alias;
  }
  return body;
}

export function sentMessage(comment: Pick<CommentItem, "status">, t: Translate = zh): string {
  return t(comment.status === "pending" ? "commentHeld" : "commentSent");
}

/** A top-level comment with the replies loaded so far. */
export interface Thread {
  comment: CommentItem;
  replies: CommentItem[];
  expanded: boolean;
  loading: boolean;
  /** cursor of the next page of replies; null when all are loaded or none were asked for yet */
  nextCursor: string | null;
  loadedAll: boolean;
}

export function toThread(comment: CommentItem): Thread {
  return { comment, replies: [], expanded: false, loading: false, nextCursor: null, loadedAll: false };
}

/** Adds a page of comments, skipping any already shown (a new comment can reappear on a later page). */
export function appendThreads(threads: Thread[], page: CommentItem[]): Thread[] {
  const seen = new Set(threads.map((t) => t.comment.gid));
  return threads.concat(page.filter((c) => !seen.has(c.gid)).map(toThread));
}

/** Replies of a thread, oldest first, each once: loaded pages and replies sent from this page merge. */
export function mergeReplies(existing: CommentItem[], page: CommentItem[]): CommentItem[] {
  const seen = new Set(existing.map((r) => r.gid));
  const merged = existing.concat(page.filter((r) => !seen.has(r.gid)));
  return merged
    .map((r, i) => ({ r, i, t: Date.parse(r.created_at) || 0 }))
    .sort((a, b) => a.t - b.t || a.i - b.i)
    .map((x) => x.r);
}

/** A comment the visitor just sent: a top-level one goes first, a reply under its thread. */
export function insertSent(threads: Thread[], sent: CommentItem, rootGid: string | null): Thread[] {
  if (!rootGid) return [toThread(sent)].concat(threads.filter((t) => t.comment.gid !== sent.gid));
  return threads.map((t) =>
    t.comment.gid === rootGid
      ? {
          ...t,
          comment: { ...t.comment, reply_count: t.comment.reply_count + 1 },
          replies: mergeReplies(t.replies, [sent]),
          expanded: true,
        }
      : t,
  );
}

/** Label of the expand button: 展开{n}条回复, or the rest when some are already shown. */
export function expandLabel(thread: Thread, t: Translate = zh): string {
  const left = thread.comment.reply_count - thread.replies.length;
  if (!thread.expanded || thread.replies.length === 0) return t("expandReplies", { count: thread.comment.reply_count });
  return t(left > 0 ? "expandMoreReplies" : "collapseReplies");
}

export function ipLabel(location: string, t: Translate = zh): string {
  return location.trim() ? t("ipLocation", { location: location.trim() }) : "";
}

export const reportReasons = [
  { value: "spam", label: "垃圾广告" },
  { value: "abuse", label: "辱骂攻击" },
  { value: "porn", label: "色情低俗" },
  { value: "illegal", label: "违法违规" },
  { value: "other", label: "其他" },
] as const;
