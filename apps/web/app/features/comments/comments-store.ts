import { ErrorCode } from "@davmu/contracts/error-codes";
import type { Comment as CommentItem, CommentList } from "@davmu/contracts/interaction";
import { createStore, type Store } from "../../islands/store.ts";
import { networkErrorMessage } from "../../lib/account.ts";
import type { BrowserApi } from "../../lib/browser-api.ts";
import { toast } from "../../lib/toast.ts";
import {
  appendThreads,
  commentPageSize,
  insertSent,
  mergeReplies,
  type ReplyAction,
  type ReplyMode,
  replyModeReducer,
  type Thread,
  toThread,
} from "../../model/comments.ts";

/**
 * The comments of one page, shared by the list and the footer that writes new ones (R-UI-COMMENTS,
 * R-UI-FOOTER). They are two islands in two places of the page (decision 056), each with a provider of
 * its own (CommentsProvider.tsx): in the browser both providers of a page's item hold this one store,
 * so a comment sent from the footer shows in the list and a reply picked in the list goes to the footer.
 * No React here.
 */

/** What the server gives a page's comments: the item, whether they are open, page 1 (null: none rendered). */
export interface CommentsSeed {
  postId: string;
  mp: boolean;
  open: boolean;
  initial: CommentList | null;
}

export interface CommentsState {
  threads: Thread[];
  total: number;
  nextCursor: string | null;
  hasMore: boolean;
  page: number;
  loadingMore: boolean;
  replyMode: ReplyMode;
}

export interface CommentsStore {
  readonly postId: string;
  readonly mp: boolean;
  readonly open: boolean;
  readonly state: Store<CommentsState>;
  /** the footer's input, which a reply picked in the list focuses */
  readonly inputRef: { current: HTMLInputElement | null };
  /** page 1 again in the visitor's own view once known (held comments of their own, stars) */
  reloadFor(userId: string | null, api: () => BrowserApi): void;
  loadMore(api: () => BrowserApi): void;
  toggleReplies(rootGid: string, api: () => BrowserApi): void;
  added(comment: CommentItem, rootGid: string | null): void;
  updated(comment: CommentItem): void;
  dispatchReply(action: ReplyAction): void;
  /** a provider whose seed carries page 1 after the store was made without it (the footer's) */
  seeded(initial: CommentList): void;
}

function fromPage(list: CommentList | null) {
  return list
    ? {
        threads: list.list.map(toThread),
        total: list.total,
        nextCursor: list.next_cursor,
        hasMore: list.has_more,
        page: list.page,
      }
    : { threads: [], total: 0, nextCursor: null, hasMore: false, page: 0 };
}

/** The comments as the server drew them from the seed: what an island's hydrating render must draw. */
export function seedState(initial: CommentList | null): CommentsState {
  return { ...fromPage(initial), loadingMore: false, replyMode: { target: null } };
}

export function createCommentsStore(seed: CommentsSeed): CommentsStore {
  const { postId, mp, open } = seed;
  const state = createStore<CommentsState>(seedState(seed.initial));
  // whose view page 1 is: the anonymous one the server rendered, or none yet
  let loadedFor: string | undefined = seed.initial !== null ? "" : undefined;
  let seededWithPage = seed.initial !== null;
  // sent before page 1 arrived (seeded), put back on it
  const sentEarly: Array<[CommentItem, string | null]> = [];

  const patchThread = (gid: string, patch: (t: Thread) => Thread) =>
    state.set((s) => ({ threads: s.threads.map((t) => (t.comment.gid === gid ? patch(t) : t)) }));

  const store: CommentsStore = {
    postId,
    mp,
    open,
    state,
    inputRef: { current: null },
    reloadFor(userId, api) {
      const key = userId ?? "";
      if (loadedFor === key) return;
      loadedFor = key;
      api()
        .client[mp ? "mpComments" : "comments"]({
          params: { post_id: postId },
          query: { page: 1, size: commentPageSize },
        })
        .then((answer) => {
          if (answer.code === ErrorCode.ok && loadedFor === key) state.set(fromPage(answer.data));
        })
        .catch((error) => console.warn("comments load failed:", error));
    },
    loadMore(api) {
      const current = state.get();
      if (current.loadingMore || !current.hasMore) return;
      state.set({ loadingMore: true });
      api()
        .client[mp ? "mpComments" : "comments"]({
          params: { post_id: postId },
          query: { page: current.page + 1, size: commentPageSize, cursor: current.nextCursor || undefined },
        })
        .then((answer) => {
          if (answer.code !== ErrorCode.ok) return toast(answer.msg || networkErrorMessage);
          state.set((s) => ({
            threads: appendThreads(s.threads, answer.data.list),
            total: answer.data.total,
            nextCursor: answer.data.next_cursor,
            hasMore: answer.data.has_more,
            page: answer.data.page,
          }));
        })
        .catch(() => toast(networkErrorMessage))
        .finally(() => state.set({ loadingMore: false }));
    },
    toggleReplies(rootGid, api) {
      const thread = state.get().threads.find((t) => t.comment.gid === rootGid);
      if (!thread || thread.loading) return;
      const needMore = !thread.loadedAll && thread.replies.length < thread.comment.reply_count;
      if (thread.expanded && !needMore) {
        patchThread(rootGid, (t) => ({ ...t, expanded: false }));
        return;
      }
      if (!needMore) {
        patchThread(rootGid, (t) => ({ ...t, expanded: true }));
        return;
      }
      patchThread(rootGid, (t) => ({ ...t, loading: true }));
      api()
        .client[mp ? "mpReplies" : "replies"]({
          params: { post_id: postId, cid: rootGid },
          query: { page: 1, size: commentPageSize, cursor: thread.nextCursor || undefined },
        })
        .then((answer) => {
          if (answer.code !== ErrorCode.ok) {
            toast(answer.msg || networkErrorMessage);
            patchThread(rootGid, (t) => ({ ...t, loading: false }));
            return;
          }
          patchThread(rootGid, (t) => ({
            ...t,
            replies: mergeReplies(t.replies, answer.data.list),
            expanded: true,
            loading: false,
            nextCursor: answer.data.next_cursor,
            loadedAll: !answer.data.has_more,
          }));
        })
        .catch(() => {
          toast(networkErrorMessage);
          patchThread(rootGid, (t) => ({ ...t, loading: false }));
        });
    },
    added(comment, rootGid) {
      if (!seededWithPage) sentEarly.push([comment, rootGid]);
      state.set((s) => ({
        threads: insertSent(s.threads, comment, rootGid),
        total: rootGid ? s.total : s.total + 1,
      }));
    },
    updated(comment) {
      const swap = (c: CommentItem) => (c.gid === comment.gid ? comment : c);
      state.set((s) => ({
        threads: s.threads.map((t) => ({ ...t, comment: swap(t.comment), replies: t.replies.map(swap) })),
      }));
    },
    dispatchReply(action) {
      state.set((s) => ({ replyMode: replyModeReducer(s.replyMode, action) }));
    },
    seeded(initial) {
      if (seededWithPage) return;
      seededWithPage = true;
      if (loadedFor === undefined) loadedFor = "";
      let next = fromPage(initial);
      for (const [comment, rootGid] of sentEarly) {
        next = {
          ...next,
          threads: insertSent(next.threads, comment, rootGid),
          total: rootGid ? next.total : next.total + 1,
        };
      }
      state.set(next);
    },
  };
  return store;
}

/** One store per item on a page in the browser; a fresh one for each render on the server. */
const stores = new Map<string, CommentsStore>();

export function commentsStoreFor(seed: CommentsSeed): CommentsStore {
  if (typeof window === "undefined") return createCommentsStore(seed);
  const key = `${seed.mp ? "mp" : "post"}:${seed.postId}`;
  let store = stores.get(key);
  if (!store) {
    store = createCommentsStore(seed);
    stores.set(key, store);
  } else if (seed.initial) {
    store.seeded(seed.initial);
  }
  return store;
}
