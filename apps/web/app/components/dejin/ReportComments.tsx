import { ErrorCode } from "@davmu/contracts/error-codes";
import type { Comment, CommentList } from "@davmu/contracts/interaction";
import { useState } from "react";
import { formatCount, formatRelativeTime } from "../../lib/format.ts";
import { useT } from "../../lib/i18n/context.tsx";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { sentMessage } from "../../model/comments.ts";

export const reportCommentPageSize = 10;

/** A report's comment thread in the browser: the first page from the loader, more pages, and posting. */
export function useReportThread(reportId: string, first: CommentList | null) {
  const t = useT();
  const session = useSession();
  const [list, setList] = useState<Comment[]>(first ? first.list : []);
  const [total, setTotal] = useState(first ? first.total : 0);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(first ? first.has_more : false);
  const [busy, setBusy] = useState(false);

  async function loadMore() {
    if (busy) return;
    setBusy(true);
    try {
      const answer = await session.api().client.clueReportComments({
        params: { id: reportId },
        query: { page: page + 1, size: reportCommentPageSize },
      });
      if (answer.code !== ErrorCode.ok) {
        toast(answer.msg || t("networkError"));
        return;
      }
      const seen = new Set(list.map((c) => c.gid));
      setList(list.concat(answer.data.list.filter((c) => !seen.has(c.gid))));
      setPage(page + 1);
      setHasMore(answer.data.has_more);
    } catch {
      toast(t("networkError"));
    } finally {
      setBusy(false);
    }
  }

  /** Posts a comment (the login popup first when logged out); true once it is recorded. */
  async function send(text: string): Promise<boolean> {
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
      setList((current) => [answer.data, ...current]);
      if (answer.data.status === "published") setTotal((n) => n + 1);
      return true;
    } catch {
      toast(t("networkError"));
      return false;
    }
  }

  return { list, total, hasMore, busy, loadMore, send };
}
export type ReportThread = ReturnType<typeof useReportThread>;

/** 评论: readers' comments under the report, newest first, readable without JavaScript (R-LAYOUT-2). */
export function ReportComments({ thread }: { thread: ReportThread }) {
  const t = useT();
  return (
    <section className="dj-section dj-comments" aria-labelledby="dj-comments-title">
      <h2 id="dj-comments-title" className="dj-section-title">
        {t("comments")}{" "}
        {thread.total > 0 ? <span className="dj-comments-count">{formatCount(thread.total)}</span> : null}
      </h2>
      {thread.list.length === 0 ? (
        <p className="dj-comments-empty">{t("noComments")}</p>
      ) : (
        <ul className="dj-comment-list">
          {thread.list.map((c) => (
            <li key={c.gid} className="dj-comment" data-testid="report-comment">
              <img className="dj-comment-avatar" src={c.avatar} alt="" width={32} height={32} loading="lazy" />
              <div className="dj-comment-main">
                <div className="dj-comment-head">
                  <span className="dj-comment-alias">{c.alias}</span>
                  {c.status === "pending" ? <span className="dj-comment-pending">{t("commentPending")}</span> : null}
                </div>
                <p className="dj-comment-text">{c.content}</p>
                <time className="dj-comment-time" dateTime={c.created_at} suppressHydrationWarning>
                  {formatRelativeTime(c.created_at)}
                </time>
              </div>
            </li>
          ))}
        </ul>
      )}
      {thread.hasMore ? (
        <button type="button" className="dj-comments-more" disabled={thread.busy} onClick={thread.loadMore}>
          {thread.busy ? t("loading") : t("loadMore")}
        </button>
      ) : null}
    </section>
  );
}
