import type { AuthorText, Comment, ModerationItem } from "@davmu/contracts/interaction";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { AuthorTextRow, CommentWithAuthor, QueueTextRow } from "./repository.ts";

/** A comment as the API answers it (spec §3): public ids, ISO time, the viewer's own star and ownership. */
export function presentComment(
  codec: PublicIdCodec,
  row: CommentWithAuthor,
  post: string,
  viewer: number | null,
  starred: ReadonlySet<number>,
): Comment {
  return {
    gid: codec.encode(row.id),
    post_id: post,
    content: row.body,
    alias: row.alias,
    avatar: row.avatar,
    user: { mp_name: "" },
    created_at: new Date(Number(row.created_at)).toISOString(),
    ip_location: row.ip_location,
    star: starred.has(row.id),
    star_count: row.star_count,
    reply_count: row.reply_count,
    reply_alias: row.target_alias,
    owner_user_id: codec.encode(row.user_id),
    comment_type: row.root_id === 0 ? 0 : 1,
    parent_id: row.root_id === 0 ? "" : codec.encode(row.root_id),
    replys: [],
    level: row.root_id === 0 ? 1 : 2,
    status: row.status === "pending" ? "pending" : "published",
    mine: viewer !== null && row.user_id === viewer,
  };
}

/** A text as the editors' moderation queue shows it: a comment, a report comment or a chat message. */
export function presentModerationItem(codec: PublicIdCodec, row: QueueTextRow): ModerationItem {
  return {
    kind: row.kind,
    gid: codec.encode(row.id),
    post_id: codec.encode(row.parent_id),
    content: row.body,
    alias: row.alias,
    status: row.status === "pending" ? "pending" : row.status === "rejected" ? "rejected" : "published",
    report_count: row.report_count,
    hold_reason: row.hold_reason,
    created_at: new Date(Number(row.created_at)).toISOString(),
    author_id: codec.encode(row.user_id),
  };
}

/** One of an author's texts as the moderator's side panel shows it. */
export function presentAuthorText(codec: PublicIdCodec, row: AuthorTextRow): AuthorText {
  return {
    kind: row.kind,
    gid: codec.encode(row.id),
    content: row.body,
    status: row.status,
    created_at: new Date(Number(row.created_at)).toISOString(),
  };
}
