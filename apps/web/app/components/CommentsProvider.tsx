import { ErrorCode } from "@davmu/contracts/error-codes";
import type { Comment as CommentItem, CommentList } from "@davmu/contracts/interaction";
import {
  createContext,
  type Dispatch,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from "react";
import { networkErrorMessage } from "../lib/account.ts";
import { useSession } from "../lib/session.tsx";
import { toast } from "../lib/toast.ts";
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
} from "../model/comments.ts";

/** The comments of one page, shared by the list and the footer that writes new ones. */
export interface CommentsApi {
  postId: string;
  mp: boolean;
  /** whether new comments are taken (spec §5) */
  open: boolean;
  threads: Thread[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  replyMode: ReplyMode;
  dispatchReply: Dispatch<ReplyAction>;
  inputRef: RefObject<HTMLInputElement | null>;
  loadMore(): void;
  toggleReplies(rootGid: string): void;
  added(comment: CommentItem, rootGid: string | null): void;
  updated(comment: CommentItem): void;
}

const CommentsContext = createContext<CommentsApi | null>(null);

export function useComments(): CommentsApi {
  const value = useContext(CommentsContext);
  if (!value) throw new Error("useComments needs a CommentsProvider");
  return value;
}

interface ListState {
  threads: Thread[];
  total: number;
  nextCursor: string | null;
  hasMore: boolean;
  page: number;
}

function fromPage(list: CommentList | null): ListState {
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

export function CommentsProvider(props: {
  postId: string;
  mp: boolean;
  open: boolean;
  initial: CommentList | null;
  children: ReactNode;
}) {
  const { postId, mp, open } = props;
  const session = useSession();
  const [state, setState] = useState<ListState>(() => fromPage(props.initial));
  const [loadingMore, setLoadingMore] = useState(false);
  const [replyMode, dispatchReply] = useReducer(replyModeReducer, { target: null });
  const inputRef = useRef<HTMLInputElement>(null);
  const stateRef = useRef(state);
  stateRef.current = state;
  const userId = session.user ? session.user.user_id : null;
  const firstLoad = useRef(props.initial !== null);

  // page 1 again in the visitor's own view once logged in or out: held comments of their own, stars
  useEffect(() => {
    if (!session.restored) return;
    if (firstLoad.current && userId === null) {
      firstLoad.current = false;
      return;
    }
    firstLoad.current = false;
    let live = true;
    session
      .api()
      .client[mp ? "mpComments" : "comments"]({
        params: { post_id: postId },
        query: { page: 1, size: commentPageSize },
      })
      .then((answer) => {
        if (live && answer.code === ErrorCode.ok) setState(fromPage(answer.data));
      })
      .catch((error) => console.warn("comments load failed:", error));
    return () => {
      live = false;
    };
  }, [session.restored, userId, postId, mp, session.api]);

  const loadMore = useCallback(() => {
    const current = stateRef.current;
    if (loadingMore || !current.hasMore) return;
    setLoadingMore(true);
    session
      .api()
      .client[mp ? "mpComments" : "comments"]({
        params: { post_id: postId },
        query: { page: current.page + 1, size: commentPageSize, cursor: current.nextCursor || undefined },
      })
      .then((answer) => {
        if (answer.code !== ErrorCode.ok) return toast(answer.msg || networkErrorMessage);
        setState((s) => ({
          threads: appendThreads(s.threads, answer.data.list),
          total: answer.data.total,
          nextCursor: answer.data.next_cursor,
          hasMore: answer.data.has_more,
          page: answer.data.page,
        }));
      })
      .catch(() => toast(networkErrorMessage))
      .finally(() => setLoadingMore(false));
  }, [loadingMore, session.api, postId, mp]);

  const patchThread = useCallback((gid: string, patch: (t: Thread) => Thread) => {
    setState((s) => ({ ...s, threads: s.threads.map((t) => (t.comment.gid === gid ? patch(t) : t)) }));
  }, []);

  const toggleReplies = useCallback(
    (rootGid: string) => {
      const thread = stateRef.current.threads.find((t) => t.comment.gid === rootGid);
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
      session
        .api()
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
    [session.api, postId, mp, patchThread],
  );

  const added = useCallback((comment: CommentItem, rootGid: string | null) => {
    setState((s) => ({
      ...s,
      threads: insertSent(s.threads, comment, rootGid),
      total: rootGid ? s.total : s.total + 1,
    }));
  }, []);

  const updated = useCallback((comment: CommentItem) => {
    const swap = (c: CommentItem) => (c.gid === comment.gid ? comment : c);
    setState((s) => ({
      ...s,
      threads: s.threads.map((t) => ({ ...t, comment: swap(t.comment), replies: t.replies.map(swap) })),
    }));
  }, []);

  const value = useMemo<CommentsApi>(
    () => ({
      postId,
      mp,
      open,
      threads: state.threads,
      total: state.total,
      hasMore: state.hasMore,
      loadingMore,
      replyMode,
      dispatchReply,
      inputRef,
      loadMore,
      toggleReplies,
      added,
      updated,
    }),
    [postId, mp, open, state, loadingMore, replyMode, loadMore, toggleReplies, added, updated],
  );
  return <CommentsContext.Provider value={value}>{props.children}</CommentsContext.Provider>;
}
