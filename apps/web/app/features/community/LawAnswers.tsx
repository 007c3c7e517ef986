import type { LawAnswer, LawAnswerPage } from "@davmu/contracts/law";
import { ThumbIcon } from "../../components/icons.tsx";
import { useSession } from "../../lib/session.tsx";
import { formatBigNumber, formatRelativeTime } from "../../model/format.ts";
import { opensTheApp } from "../open-app/opens-the-app.ts";
import { ListState } from "./ListState.tsx";
import { usePagedList } from "./paged.ts";

/** A lawyer's answer: who, the text, when, and 有用 (which happens in the app). */
function Answer({ answer }: { answer: LawAnswer }) {
  const { lawyer } = answer;
  return (
    <li className={answer.accepted ? "la-answer is-accepted" : "la-answer"} data-testid="law-answer">
      {answer.accepted ? <p className="la-best">最佳答案</p> : null}
      <div className="la-lawyer">
        <img className="cm-avatar" src={lawyer.avatar || undefined} alt="" width={40} height={40} loading="lazy" />
        <div className="la-lawyer-text">
          <p className="la-lawyer-name">
            <span className="cm-alias">{lawyer.name}</span>
            <span className="la-lawyer-title">{lawyer.title}</span>
          </p>
          <p className="cm-meta">{lawyer.firm}</p>
        </div>
      </div>
      <p className="la-text">{answer.content}</p>
      <div className="la-foot">
        <time dateTime={answer.created_at} suppressHydrationWarning>
          {formatRelativeTime(answer.created_at)}
        </time>
        <button type="button" className="cm-stat" aria-label={`有用，${answer.like_count} 人觉得有用`} {...opensTheApp}>
          <ThumbIcon />
          <span>有用 {answer.like_count > 0 ? formatBigNumber(answer.like_count) : ""}</span>
        </button>
      </div>
    </li>
  );
}

/**
 * Lawyers' answers to a question, the accepted one first, 10 at a time with 加载更多 through the API:
 * an island woken by a tap in the list (decision 061), taking page 1 and the question from its props.
 */
export function LawAnswers(props: { first: LawAnswerPage | null; questionId: string; size: number }) {
  const { questionId, size } = props;
  const session = useSession();
  const answers = usePagedList<LawAnswer>(props.first, (page) =>
    session.api().client.lawAnswers({ query: { id: questionId, page, size } }),
  );
  return (
    <>
      {answers.items.length ? (
        <ul className="la-answers">
          {answers.items.map((answer) => (
            <Answer key={answer.id} answer={answer} />
          ))}
        </ul>
      ) : null}
      <ListState
        state={answers.state}
        empty={answers.items.length === 0}
        hasMore={answers.hasMore}
        emptyText="还没有律师解答，打开客户端邀请律师回答"
        onMore={answers.more}
      />
    </>
  );
}
