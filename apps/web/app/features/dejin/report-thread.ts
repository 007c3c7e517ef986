import { ErrorCode } from "@davmu/contracts/error-codes";
import type { Comment, CommentList } from "@davmu/contracts/interaction";
import { createStore, type Store } from "../../islands/store.ts";
import type { Session } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { sentMessage } from "../../model/comments.ts";
import type { Translate } from "../../model/i18n/messages.ts";

export const reportCommentPageSize = 10;

/**
 * A report's comment thread, shared by the list under the report and the footer that writes new
 * ones: two islands in two places of the page (decision 061), so the thread is a store, not a React
 * state; in the browser one store per report, on the server one per render. No React here.
 */
export interface ReportThreadState {
  list: Comment[];
  total: number;
  page: number;
  hasMore: boolean;
  busy: boolean;
  /** whether page 1 from the server is in (the footer's store is made without it) */
  seeded: boolean;
}

export interface ReportThreadStore {
  readonly state: Store<ReportThreadState>;
  /** page 1 from the server, taken by a store made without it, keeping what was sent meanwhile */
  seed(first: CommentList | null): void;
  loadMore(session: Session, t: Translate): Promise<void>;
  /** Posts a comment (the login popup first when logged out); true once it is recorded. */
  send(text: string, session: Session, t: Translate): Promise<boolean>;
}

export function createReportThread(reportId: string, first: CommentList | null, seeded: boolean): ReportThreadStore {
  const state = createStore<ReportThreadState>({
    list: first ? first.list : [],
    total: first ? first.total : 0,
    page: 1,
    hasMore: first ? first.has_more : false,
    busy: false,
    seeded,
  });
  return {
    state,
    seed(page) {
      if (state.get().seeded) return;
      state.set((current) => {
        const sent = new Set(current.list.map((c) => c.gid));
        return {
          seeded: true,
          list: page ? [...current.list, ...page.list.filter((c) => !sent.has(c.gid))] : current.list,
          total: (page ? page.total : 0) + current.total,
          hasMore: page ? page.has_more : false,
        };
      });
    },
    async loadMore(session, t) {
      const current = state.get();
      if (current.busy) return;
      state.set({ busy: true });
      try {
        const answer = await session.api().client.clueReportComments({
          params: { id: reportId },
          query: { page: current.page + 1, size: reportCommentPageSize },
        });
        if (answer.code !== ErrorCode.ok) {
          toast(answer.msg || t("networkError"));
          return;
        }
        state.set((now) => {
          const seen = new Set(now.list.map((c) => c.gid));
          return {
            list: now.list.concat(answer.data.list.filter((c) => !seen.has(c.gid))),
            page: now.page + 1,
            hasMore: answer.data.has_more,
          };
        });
      } catch {
        toast(t("networkError"));
      } finally {
        state.set({ busy: false });
      }
    },
    async send(text, session, t) {
      if (!text.trim()) {
        toast(t("commentEmpty"));
        return false;
      }
      if (!session.requireLogin()) return false;
      try {
        const answer = await session.api().client.postClueReportComment({
          params: { id: reportId },
          body: { content: text },
        });
        if (answer.code !== ErrorCode.ok) {
          toast(answer.msg || t("networkError"));
          return false;
        }
        toast(sentMessage(answer.data, t));
        state.set((now) => ({
          list: [answer.data, ...now.list],
          total: answer.data.status === "published" ? now.total + 1 : now.total,
        }));
        return true;
      } catch {
        toast(t("networkError"));
        return false;
      }
    },
  };
}

const threads = new Map<string, ReportThreadStore>();

/**
 * The report's thread: in the browser one store per report, whichever island asks first (the
 * footer's without page 1, which the list's brings when it wakes); on the server one per render.
 */
export function reportThreadFor(reportId: string, first: CommentList | null, withFirst: boolean): ReportThreadStore {
  if (typeof window === "undefined") return createReportThread(reportId, first, withFirst);
  let thread = threads.get(reportId);
  if (!thread) {
    thread = createReportThread(reportId, first, withFirst);
    threads.set(reportId, thread);
  } else if (withFirst) {
    thread.seed(first);
  }
  return thread;
}
