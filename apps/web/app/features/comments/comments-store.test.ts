import type { Comment, CommentList } from "@davmu/contracts/interaction";
import { describe, expect, it } from "vitest";
import type { BrowserApi } from "../../lib/browser-api.ts";
import { createCommentsStore } from "./comments-store.ts";

function comment(gid: string, extra: Partial<Comment> = {}): Comment {
  return {
    gid,
    post_id: "p1",
    content: `text ${gid}`,
    alias: `alias ${gid}`,
    avatar: "/a.png",
    user: { mp_name: "" },
    created_at: "2026-11-26T10:00:00.000Z",
    ip_location: "",
    star: false,
    star_count: 0,
    reply_count: 0,
    reply_alias: "",
    owner_user_id: "u",
    comment_type: 0,
    parent_id: "",
    replys: [],
    level: 1,
    status: "approved",
    mine: false,
    ...extra,
  } as Comment;
}

const page1: CommentList = {
  list: [comment("c1"), comment("c2", { reply_count: 1 })],
  total: 2,
  page: 1,
  has_more: false,
  next_cursor: null,
} as unknown as CommentList;

/** An API whose comment calls answer the given page and are counted. */
function fakeApi(answer: CommentList) {
  const calls: string[] = [];
  const client = {
    comments: async () => {
      calls.push("comments");
      return { code: 0, msg: "", data: answer };
    },
    mpComments: async () => {
      calls.push("mpComments");
      return { code: 0, msg: "", data: answer };
    },
  };
  return { calls, api: () => ({ client }) as unknown as BrowserApi };
}

describe("the comments store shared by the list and the footer islands (decision 056)", () => {
  it("R-UI-COMMENTS R-WEB-ISLAND-2 starts from the server's page 1 and keeps a sent comment at the top", () => {
    const store = createCommentsStore({ postId: "p1", mp: false, open: true, initial: page1 });
    expect(store.state.get().threads.map((t) => t.comment.gid)).toEqual(["c1", "c2"]);
    let changes = 0;
    store.state.subscribe(() => {
      changes += 1;
    });
    store.added(comment("new"), null);
    expect(store.state.get().threads.map((t) => t.comment.gid)).toEqual(["new", "c1", "c2"]);
    expect(store.state.get().total).toBe(3);
    // a reply goes under its thread and does not count as a comment
    store.added(comment("r1", { comment_type: 1, parent_id: "c2" }), "c2");
    expect(store.state.get().threads[2]?.replies.map((r) => r.gid)).toEqual(["r1"]);
    expect(store.state.get().total).toBe(3);
    expect(changes).toBe(2);
  });

  it("R-UI-FOOTER R-WEB-ISLAND-2 a reply picked in the list is the footer's reply mode until sent", () => {
    const store = createCommentsStore({ postId: "p1", mp: false, open: true, initial: page1 });
    store.dispatchReply({ type: "reply", target: { gid: "c1", rootGid: "c1", alias: "alias c1" } as never });
    expect(store.state.get().replyMode.target).toMatchObject({ gid: "c1" });
    store.dispatchReply({ type: "sent" });
    expect(store.state.get().replyMode.target).toBeNull();
  });

  it("R-WEB-ISLAND-2 a footer woken first (no page 1) keeps what it sent when the list brings page 1", () => {
    const store = createCommentsStore({ postId: "p1", mp: false, open: true, initial: null });
    expect(store.state.get().threads).toEqual([]);
    store.added(comment("early"), null);
    store.seeded(page1);
    expect(store.state.get().threads.map((t) => t.comment.gid)).toEqual(["early", "c1", "c2"]);
    expect(store.state.get().total).toBe(3);
    // page 1 is taken once: a second provider with it changes nothing
    store.seeded({ ...page1, list: [] } as CommentList);
    expect(store.state.get().threads).toHaveLength(3);
  });

  it("R-LOGIN-10 page 1 is read again once per visitor: not for the anonymous view the server drew, once per login", async () => {
    const { calls, api } = fakeApi({ ...page1, list: [comment("mine", { status: "pending", mine: true })], total: 1 });
    const store = createCommentsStore({ postId: "p1", mp: true, open: true, initial: page1 });
    // both islands' providers ask once the session is restored: anonymous, nothing to read
    store.reloadFor(null, api);
    store.reloadFor(null, api);
    expect(calls).toEqual([]);
    // logged in: read once, however many providers ask
    store.reloadFor("u1", api);
    store.reloadFor("u1", api);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(calls).toEqual(["mpComments"]);
    expect(store.state.get().threads.map((t) => t.comment.gid)).toEqual(["mine"]);
  });
});
