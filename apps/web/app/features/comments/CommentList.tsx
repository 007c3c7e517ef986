import { ErrorCode } from "@davmu/contracts/error-codes";
import type { Comment as CommentItem, ReportRequest } from "@davmu/contracts/interaction";
import { type ComponentType, useContext, useState } from "react";
import { MoreIcon, ThumbIcon } from "../../components/icons.tsx";
import { Island } from "../../islands/Island.tsx";
import { loginFirst } from "../../islands/protocol.ts";
import { useT } from "../../lib/i18n/context.tsx";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { expandLabel, ipLabel, replyTargetOf, type Thread } from "../../model/comments.ts";
import { formatCount, formatRelativeTime } from "../../model/format.ts";
import { CommentsProvider, CommentsSeedContext, useComments } from "./CommentsProvider.tsx";
import type { CommentsSeed } from "./comments-store.ts";
import type { ReportSheetProps } from "./ReportSheet.tsx";

const loadReportSheet = lazyComponent<ReportSheetProps>(() => import("./ReportSheet.tsx").then((m) => m.ReportSheet));

/** The list as an island (decision 056): its own provider over the item's comments store. */
export function CommentListIsland(props: CommentsSeed) {
  return (
    <CommentsProvider {...props} list>
      <CommentList />
    </CommentsProvider>
  );
}

/** The list where the detail's layout puts it (BottomLists), with what DetailShell knows of the comments. */
export function CommentListSlot() {
  const seed = useContext(CommentsSeedContext);
  if (!seed) throw new Error("CommentListSlot needs DetailShell's comments");
  return <Island name="comment-list" wake="interaction" component={CommentListIsland} props={seed} />;
}

/** 评论 (count): the comments under the article, readable without JavaScript (R-UI-COMMENTS). */
export function CommentList() {
  const t = useT();
  const comments = useComments();
  const [reporting, setReporting] = useState<{ comment: CommentItem; Sheet: ComponentType<ReportSheetProps> } | null>(
    null,
  );
  const session = useSession();

  function openReport(comment: CommentItem) {
    if (!session.requireLogin()) return;
    loadReportSheet()
      .then((Sheet) => setReporting({ comment, Sheet }))
      .catch(() => toast(t("networkError")));
  }

  async function report(comment: CommentItem, reason: ReportRequest["reason"]) {
    setReporting(null);
    try {
      const answer = await session.api().client.reportComment({
        params: { post_id: comments.postId, cid: comment.gid },
        body: { reason },
      });
      toast(answer.code === ErrorCode.ok ? t("reportDone") : answer.msg || t("networkError"));
    } catch {
      toast(t("networkError"));
    }
  }

  return (
    <section className="comments" id="comments" aria-labelledby="comments-title">
      <h2 id="comments-title" className="section-title">
        {t("comments")} <span className="comments-count">{comments.total > 0 ? formatCount(comments.total) : ""}</span>
      </h2>
      {comments.threads.length === 0 ? (
        // closed comments invite no first comment: the footer says the same (R-CONTENT-8, R-ENT-STATS)
        <p className="comments-empty">{comments.open ? t("noComments") : t("commentsClosed")}</p>
      ) : (
        <ul className="comment-list">
          {comments.threads.map((thread) => (
            <ThreadItem key={thread.comment.gid} thread={thread} onReport={openReport} />
          ))}
        </ul>
      )}
      {comments.hasMore ? (
        <button type="button" className="comments-more" disabled={comments.loadingMore} onClick={comments.loadMore}>
          {comments.loadingMore ? t("loading") : t("loadMore")}
        </button>
      ) : comments.threads.length > 0 ? (
        <p className="comments-end">{t("noMoreComments")}</p>
      ) : null}
      {reporting ? (
        <reporting.Sheet
          alias={reporting.comment.alias}
          onClose={() => setReporting(null)}
          onPick={(reason) => void report(reporting.comment, reason)}
        />
      ) : null}
    </section>
  );
}

function ThreadItem({ thread, onReport }: { thread: Thread; onReport(comment: CommentItem): void }) {
  const t = useT();
  const comments = useComments();
  const { comment } = thread;
  const repliesId = `replies-${comment.gid}`;
  return (
    <li className="comment" data-testid="comment">
      <CommentBody comment={comment} rootGid={comment.gid} onReport={onReport} />
      {thread.expanded && thread.replies.length > 0 ? (
        <ul className="replies" id={repliesId}>
          {thread.replies.map((reply) => (
            <li key={reply.gid} className="comment is-reply" data-testid="reply">
              <CommentBody comment={reply} rootGid={comment.gid} onReport={onReport} />
            </li>
          ))}
        </ul>
      ) : null}
      {comment.reply_count > 0 ? (
        <button
          type="button"
          className="replies-toggle"
          aria-expanded={thread.expanded}
          aria-controls={thread.expanded ? repliesId : undefined}
          disabled={thread.loading}
          onClick={() => comments.toggleReplies(comment.gid)}
        >
          {thread.loading ? t("loading") : expandLabel(thread, t)}
        </button>
      ) : null}
    </li>
  );
}

function CommentBody(props: { comment: CommentItem; rootGid: string; onReport(comment: CommentItem): void }) {
  const t = useT();
  const { comment } = props;
  const comments = useComments();
  const session = useSession();
  const [starring, setStarring] = useState(false);
  const ip = ipLabel(comment.ip_location, t);
  const pending = comment.status === "pending";

  function reply() {
    if (!comments.open) {
      toast(t("commentsClosed"));
      return;
    }
    if (!session.requireLogin()) return;
    comments.dispatchReply({ type: "reply", target: replyTargetOf(comment, props.rootGid) });
    // the footer's input: on an island page, before the footer has woken, the one the server drew
    // (its focus wakes the footer, which then reads the reply from the store)
    const input = comments.inputRef.current ?? document.querySelector<HTMLInputElement>(".comment-footer .cf-input");
    if (input) input.focus();
  }

  async function star() {
    if (starring || pending || !session.requireLogin()) return;
    setStarring(true);
    try {
      const type = comment.star ? "del" : "add";
      const answer = await session.api().client[comments.mp ? "starMp" : "star"]({ body: { type, cid: comment.gid } });
      if (answer.code === ErrorCode.ok) {
        comments.updated({ ...comment, star: answer.data.star, star_count: answer.data.star_count });
      } else {
        toast(answer.msg || t("networkError"));
      }
    } catch {
      toast(t("networkError"));
    } finally {
      setStarring(false);
    }
  }

  return (
    <>
      <img className="comment-avatar" src={comment.avatar} alt="" width={34} height={34} loading="lazy" />
      <div className="comment-main">
        <div className="comment-head">
          <span className="comment-alias">{comment.alias}</span>
          {pending ? <span className="comment-pending">{t("commentPending")}</span> : null}
          <button
            type="button"
            className={comment.star ? "comment-star is-on" : "comment-star"}
            aria-pressed={comment.star}
            aria-label={t("likeCount", { count: comment.star_count })}
            disabled={pending}
            onClick={star}
            {...loginFirst}
          >
            <ThumbIcon filled={comment.star} />
            <span>{comment.star_count > 0 ? formatCount(comment.star_count) : t("likeShort")}</span>
          </button>
        </div>
        <p className="comment-text">
          {comment.comment_type === 1 && comment.reply_alias ? (
            <>
              {t("reply")}
              <span className="comment-at">@{comment.reply_alias}</span>：
            </>
          ) : null}
          {comment.content}
        </p>
        <div className="comment-foot">
          <time dateTime={comment.created_at} suppressHydrationWarning>
            {formatRelativeTime(comment.created_at)}
          </time>
          {ip ? <span className="comment-ip">{ip}</span> : null}
          <button type="button" className="comment-reply" onClick={reply}>
            {t("reply")}
          </button>
          {comment.mine ? null : (
            <button
              type="button"
              className="comment-more"
              aria-label={t("report", { alias: comment.alias })}
              onClick={() => props.onReport(comment)}
              {...loginFirst}
            >
              <MoreIcon />
            </button>
          )}
        </div>
      </div>
    </>
  );
}
