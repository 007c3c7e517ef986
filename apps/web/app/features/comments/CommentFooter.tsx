import { ErrorCode } from "@davmu/contracts/error-codes";
import { type FormEvent, useEffect, useState } from "react";
import { PenIcon, StarIcon, ThumbIcon } from "../../components/icons.tsx";
import { loginFirst } from "../../islands/protocol.ts";
import { emitOpenApp, wakeIsland } from "../../lib/events.ts";
import { useT } from "../../lib/i18n/context.tsx";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { commentBody, inputPlaceholder, sentMessage } from "../../model/comments.ts";
import { formatCount } from "../../model/format.ts";
import { opensTheApp } from "../open-app/opens-the-app.ts";
import { CommentsProvider, useComments } from "./CommentsProvider.tsx";
import type { CommentsSeed } from "./comments-store.ts";

interface FooterProps {
  contentType: string;
  trackId: string;
  likeCount: number;
  collectCount: number;
}

/** The footer as an island (decision 056): its own provider over the item's comments store. */
export function CommentFooterIsland(props: CommentsSeed & FooterProps) {
  const { postId, mp, open, initial, ...footer } = props;
  return (
    <CommentsProvider postId={postId} mp={mp} open={open} initial={initial}>
      <CommentFooter {...footer} />
    </CommentsProvider>
  );
}

/**
 * The bar fixed at the bottom of an article (R-UI-FOOTER): write a comment or a reply, like (asks
 * to open the app), collect, send. Like and collect show the item's counts, over 999 as k or w (spec §5).
 */
export function CommentFooter(props: FooterProps) {
  const t = useT();
  const comments = useComments();
  const session = useSession();
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  const [collected, setCollected] = useState(false);
  const [collecting, setCollecting] = useState(false);
  const [collectCount, setCollectCount] = useState(props.collectCount);
  const { postId, mp, replyMode, dispatchReply } = comments;
  const userId = session.user ? session.user.user_id : null;

  // whether this visitor collected the article: known once logged in (R-CONTENT-3)
  useEffect(() => {
    if (!userId) {
      setCollected(false);
      return;
    }
    let live = true;
    session
      .api()
      .client.userRelated({ params: { type: props.contentType, id: postId } })
      .then((answer) => {
        if (live && answer.code === ErrorCode.ok) setCollected(answer.data.is_collect);
      })
      .catch((error) => console.warn("user_related failed:", error));
    return () => {
      live = false;
    };
  }, [userId, postId, props.contentType, session.api]);

  async function send(event?: FormEvent) {
    if (event) event.preventDefault();
    if (!comments.open) {
      toast(t("commentsClosed"));
      return;
    }
    if (!text.trim()) {
      toast(t("commentEmpty"));
      return;
    }
    if (sending || !session.requireLogin()) return;
    setSending(true);
    const target = replyMode.target;
    try {
      const answer = await session.api().client[mp ? "postMpComment" : "postComment"]({
        params: { post_id: postId },
        body: commentBody(text, replyMode, props.trackId),
      });
      if (answer.code !== ErrorCode.ok) {
        toast(answer.msg || t("networkError"));
        return;
      }
      toast(sentMessage(answer.data, t));
      comments.added(answer.data, target ? target.rootGid : null);
      // the list shows it: on an island page it wakes now if it has not yet
      wakeIsland("comment-list");
      setText("");
      dispatchReply({ type: "sent" });
      const input = comments.inputRef.current;
      if (input) input.blur();
    } catch {
      toast(t("networkError"));
    } finally {
      setSending(false);
    }
  }

  async function collect() {
    if (collecting || !session.requireLogin()) return;
    setCollecting(true);
    const type = collected ? "del" : "add";
    try {
      const answer = await session.api().client[mp ? "collectMp" : "collect"]({
        params: { id: postId },
        body: { type, track_id: props.trackId || undefined },
      });
      if (answer.code !== ErrorCode.ok) {
        toast(answer.msg || t("networkError"));
        return;
      }
      setCollected(answer.data.is_collect);
      setCollectCount(answer.data.collect_count);
      if (type === "add") {
        emitOpenApp();
        toast(t("collected"));
      } else {
        toast(t("uncollected"));
      }
    } catch {
      toast(t("networkError"));
    } finally {
      setCollecting(false);
    }
  }

  return (
    <div className="comment-footer" data-testid="comment-footer">
      {comments.open ? (
        <form className="cf-form" onSubmit={send}>
          <PenIcon />
          <input
            ref={comments.inputRef}
            className="cf-input"
            type="text"
            name="comment"
            enterKeyHint="send"
            autoComplete="off"
            maxLength={500}
            aria-label={replyMode.target ? t("replyTo", { alias: replyMode.target.alias }) : t("writeComment")}
            placeholder={inputPlaceholder(replyMode, t)}
            value={text}
            onChange={(e) => setText(e.target.value)}
            onBlur={() => dispatchReply({ type: "blur", text })}
          />
        </form>
      ) : (
        <button type="button" className="cf-form cf-closed" onClick={() => toast(t("commentsClosed"))}>
          {t("commentsClosed")}
        </button>
      )}
      <button
        type="button"
        className="cf-icon"
        aria-label={props.likeCount > 0 ? t("likeCount", { count: formatCount(props.likeCount) }) : t("like")}
        {...opensTheApp}
      >
        <ThumbIcon size={24} />
        {props.likeCount > 0 ? <span className="cf-count">{formatCount(props.likeCount)}</span> : null}
      </button>
      <button
        type="button"
        className={collected ? "cf-icon is-collected" : "cf-icon"}
        aria-label={collectCount > 0 ? t("collectCount", { count: formatCount(collectCount) }) : t("collect")}
        aria-pressed={collected}
        disabled={collecting}
        onClick={collect}
        {...loginFirst}
      >
        <StarIcon filled={collected} />
        {collectCount > 0 ? <span className="cf-count">{formatCount(collectCount)}</span> : null}
      </button>
      {comments.open ? (
        <button
          type="button"
          className={text.trim() ? "cf-send is-ready" : "cf-send"}
          disabled={sending}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => void send()}
        >
          {t("send")}
        </button>
      ) : null}
    </div>
  );
}
