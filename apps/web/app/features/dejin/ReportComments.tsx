import type { CommentList } from "@davmu/contracts/interaction";
import { useEffect, useState } from "react";
import { useExternalState } from "../../lib/hydrated.ts";
import { useT } from "../../lib/i18n/context.tsx";
import { useSession } from "../../lib/session.tsx";
import { formatCount, formatRelativeTime } from "../../model/format.ts";
import { reportThreadFor } from "./report-thread.ts";

/** A report's thread as a React hook over its store (report-thread.ts). */
export function useReportThread(reportId: string, first: CommentList | null, withFirst = true) {
  const t = useT();
  const session = useSession();
  const [thread] = useState(() => reportThreadFor(reportId, first, withFirst));
  const state = useExternalState(thread.state.subscribe, thread.state.get, thread.state.get);
  return {
    list: state.list,
    total: state.total,
    hasMore: state.hasMore,
    busy: state.busy,
    loadMore: () => void thread.loadMore(session, t),
    send: (text: string) => thread.send(text, session, t),
  };
}
export type ReportThread = ReturnType<typeof useReportThread>;

/**
 * The comment list as an island (decision 061), woken by a tap in it or by a comment sent from the
 * footer: it hydrates with the server's page 1, then shows the thread's store (what was sent meanwhile).
 */
export function ReportCommentsIsland(props: { reportId: string; first: CommentList | null }) {
  const thread = useReportThread(props.reportId, props.first);
  const [hydrating, setHydrating] = useState(true);
  useEffect(() => setHydrating(false), []);
  if (hydrating) {
    const { first } = props;
    const seen = {
      ...thread,
      list: first ? first.list : [],
      total: first ? first.total : 0,
      hasMore: first ? first.has_more : false,
      busy: false,
    };
    return <ReportComments thread={seen} />;
  }
  return <ReportComments thread={thread} />;
}

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
