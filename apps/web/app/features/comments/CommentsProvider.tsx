import type { Comment as CommentItem } from "@davmu/contracts/interaction";
import {
  createContext,
  type Dispatch,
  type ReactNode,
  type RefObject,
  useContext,
  useEffect,
  useMemo,
  useState,
} from "react";
import { useExternalState } from "../../lib/hydrated.ts";
import { useSession } from "../../lib/session.tsx";
import type { ReplyAction, ReplyMode, Thread } from "../../model/comments.ts";
import { type CommentsSeed, commentsStoreFor, seedState } from "./comments-store.ts";

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

/**
 * The comments of a page's item for the components inside (`list`: the provider of the list, which
 * draws them; the footer's only writes): the list and the footer are islands
 * (decision 056), each inside a provider of its own, and both read and change the item's one store
 * (comments-store.ts), so they stay in step without sharing a React tree.
 */
export function CommentsProvider(props: CommentsSeed & { list?: boolean; children: ReactNode }) {
  const { postId, mp, open, initial, list = false } = props;
  const session = useSession();
  const [store] = useState(() => commentsStoreFor({ postId, mp, open, initial }));
  // the hydrating render draws what the server drew (page 1 of the seed), never the store as it is by
  // then: a comment sent from the footer before this island woke arrives as an update. Drawn into the
  // server's markup instead, every thread after it would adopt the element of the one before, with
  // that one's replies toggle and report button
  const [served] = useState(() => seedState(initial));
  const state = useExternalState(store.state.subscribe, store.state.get, () => served);
  const userId = session.user ? session.user.user_id : null;

  // page 1 again in the visitor's own view once logged in or out: held comments of their own, stars.
  // Asked for by the list, which draws them; the footer only writes, and a visitor's first tap on it
  // (收藏, 写评论) does not wait behind a read of comments nobody sees there
  useEffect(() => {
    if (list && session.restored) store.reloadFor(userId, session.api);
  }, [list, session.restored, userId, session.api, store]);

  const value = useMemo<CommentsApi>(
    () => ({
      postId,
      mp,
      open,
      threads: state.threads,
      total: state.total,
      hasMore: state.hasMore,
      loadingMore: state.loadingMore,
      replyMode: state.replyMode,
      dispatchReply: store.dispatchReply,
      inputRef: store.inputRef,
      loadMore: () => store.loadMore(session.api),
      toggleReplies: (rootGid: string) => store.toggleReplies(rootGid, session.api),
      added: store.added,
      updated: store.updated,
    }),
    [postId, mp, open, state, store, session.api],
  );
  return <CommentsContext.Provider value={value}>{props.children}</CommentsContext.Provider>;
}

/** What DetailShell knows of its item's comments, for the two islands it places (the list is placed by BottomLists). */
export const CommentsSeedContext = createContext<CommentsSeed | null>(null);
