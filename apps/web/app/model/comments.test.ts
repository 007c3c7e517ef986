import type { Comment as CommentItem } from "@davmu/contracts/interaction";
import { describe, expect, it } from "vitest";
import {
  commentBody,
  commentPageSize,
  commentsAvailable,
  expandLabel,
  inputPlaceholder,
  insertSent,
  ipLabel,
  mergeReplies,
  noCommentsText,
  type ReplyMode,
  replyModeReducer,
  replyTargetOf,
  sentMessage,
  toThread,
} from "./comments.ts";

function comment(over: Partial<CommentItem> = {}): CommentItem {
  return {
    gid: "c1",
    post_id: "p1",
    content: "好",
    alias: "城东老李",
    avatar: "/media/avatars/reader-3.svg",
    user: { mp_name: "" },
    created_at: "2026-11-22T01:00:00.000Z",
    ip_location: "江澜",
    star: false,
    star_count: 0,
    reply_count: 0,
    reply_alias: "",
    owner_user_id: "u3",
    comment_type: 0,
    parent_id: "",
    replys: [],
    level: 1,
    status: "published",
    mine: false,
    ...over,
  };
}

describe("comment availability", () => {
  it("R-CONTENT-5 the input shows when meta.comment_available is the string true or enable_comment is set", () => {
    expect(commentsAvailable({ meta: { comment_available: "true" }, enable_comment: false })).toBe(true);
    expect(commentsAvailable({ meta: { comment_available: "false" }, enable_comment: true })).toBe(true);
    expect(commentsAvailable({ meta: { comment_available: "false" }, enable_comment: false })).toBe(false);
  });
});

describe("reply mode", () => {
  const none: ReplyMode = { target: null };
  const top = comment({ gid: "top", owner_user_id: "u3", alias: "城东老李" });
  const reply = comment({ gid: "r1", comment_type: 1, level: 2, parent_id: "top", owner_user_id: "u5", alias: "阿珍" });

  it("R-CONTENT-4 tapping 回复 sets reply mode; the placeholder names who is answered", () => {
    const mode = replyModeReducer(none, { type: "reply", target: replyTargetOf(top) });
    expect(mode.target).toEqual({ gid: "top", rootGid: "top", userId: "u3", alias: "城东老李" });
    expect(inputPlaceholder(mode)).toBe("回复 @城东老李：");
    expect(inputPlaceholder(none)).toBe("写评论…");
  });

  it("R-CONTENT-4 reply mode clears on blur with nothing typed, stays while text is typed, and clears after sending", () => {
    const mode = replyModeReducer(none, { type: "reply", target: replyTargetOf(reply, "top") });
    expect(replyModeReducer(mode, { type: "blur", text: "  " }).target).toBeNull();
    expect(replyModeReducer(mode, { type: "blur", text: "同意" })).toBe(mode);
    expect(replyModeReducer(mode, { type: "sent" }).target).toBeNull();
    expect(replyModeReducer(none, { type: "sent" })).toBe(none);
  });

  it("R-CONTENT-4 a reply is sent with comment_type 1, parent_id, target user id and alias; a comment without", () => {
    const toReply = replyModeReducer(none, { type: "reply", target: replyTargetOf(reply) });
    expect(toReply.target?.rootGid).toBe("top");
    expect(commentBody(" 同意 ", toReply, "t1")).toEqual({
      content: "同意",
      comment_type: 1,
      track_id: "t1",
      parent_id: "r1",
      target_user_id: "u5",
      target_user_alias: "阿珍",
    });
    expect(commentBody("好文", none, "")).toEqual({ content: "好文", comment_type: 0 });
  });

  it("R-CONTENT-7 the sent toast says 评论成功, or that a held comment shows after review", () => {
    expect(sentMessage({ status: "published" })).toBe("评论成功");
    expect(sentMessage({ status: "pending" })).toBe("评论已提交，审核通过后展示");
  });
});

describe("threads", () => {
  it("R-CONTENT-4 the expand button shows the reply count, then more or collapse", () => {
    const thread = toThread(comment({ reply_count: 3 }));
    expect(expandLabel(thread)).toBe("展开3条回复");
    const r = (gid: string) => comment({ gid, comment_type: 1, level: 2, parent_id: "c1" });
    expect(expandLabel({ ...thread, expanded: true, replies: [r("a")] })).toBe("展开更多回复");
    expect(expandLabel({ ...thread, expanded: true, replies: [r("a"), r("b"), r("c")] })).toBe("收起回复");
  });

  it("R-UI-COMMENTS a new comment goes first; a new reply goes under its thread and opens it", () => {
    const threads = [toThread(comment({ gid: "a" })), toThread(comment({ gid: "b", reply_count: 1 }))];
    const sent = comment({ gid: "n" });
    expect(insertSent(threads, sent, null).map((t) => t.comment.gid)).toEqual(["n", "a", "b"]);
    const reply = comment({ gid: "r", comment_type: 1, level: 2, parent_id: "b" });
    const after = insertSent(threads, reply, "b");
    expect(after[1]).toMatchObject({ expanded: true, comment: { reply_count: 2 } });
    expect(after[1]?.replies.map((r) => r.gid)).toEqual(["r"]);
  });

  it("R-CONTENT-4 loaded replies and replies sent from the page merge oldest first, each once", () => {
    const at = (gid: string, time: string) => comment({ gid, created_at: time });
    const sent = at("mine", "2026-11-22T03:00:00.000Z");
    const page = [at("x", "2026-11-22T01:00:00.000Z"), at("mine", "2026-11-22T03:00:00.000Z")];
    expect(mergeReplies([sent], page).map((r) => r.gid)).toEqual(["x", "mine"]);
  });

  it("R-CONTENT-8 R-CONTENT-9 empty text, IP label and page size", () => {
    expect(noCommentsText).toBe("暂无评论，快来抢沙发吧～");
    expect(ipLabel("广东")).toBe("IP属地：广东");
    expect(ipLabel(" ")).toBe("");
    expect(commentPageSize).toBe(10);
  });
});
