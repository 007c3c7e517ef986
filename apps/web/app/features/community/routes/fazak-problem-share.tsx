import type { LawAnswer } from "@davmu/contracts/law";
import { Island } from "../../../islands/Island.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { loadShareContext } from "../../../lib/server/share-context.server.ts";
import { formatBigNumber, formatRelativeTime } from "../../../model/format.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { OpenAppButton } from "../../open-app/OpenAppButton.tsx";
import communityCss from "../community.css?url";
import { LawAnswers } from "../LawAnswers.tsx";
import { loadOptional, loadRequired, queryPublicId } from "../load.server.ts";
import { communityMeta, person } from "../meta.ts";
import { postSummary } from "../model.ts";
import type { Route } from "./+types/fazak-problem-share";

const pageSize = 10;

/**
 * /fazak/problemShare/index.html?id={question} (R-ROUTE-1, decision 035): a reader's legal question
 * and lawyers' answers, the accepted one first. Both calls go without X-Request-Id (spec §7).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = queryPublicId(request, params.index);
  const [question, answers, share] = await Promise.all([
    loadRequired("law question", (c) => c.lawQuestion({ query: { id } })),
    loadOptional("law answers", (c) => c.lawAnswers({ query: { id, page: 1, size: pageSize } })),
    loadShareContext(),
  ]);
  return data(keep({ question, answers, share }), { headers: answers ? {} : noStore });
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

/**
 * An island page (decision 061): the question is server HTML; the answers with 有用 and 加载更多
 * (`law-answers`) and 打开客户端 are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];

/** An answer as schema.org's QAPage names it. */
function toAnswer(answer: LawAnswer) {
  return {
    "@type": "Answer",
    text: answer.content,
    dateCreated: answer.created_at,
    upvoteCount: answer.like_count,
    author: { ...person(answer.lawyer.name), jobTitle: answer.lawyer.title, worksFor: answer.lawyer.firm },
  };
}

export const meta = communityMeta<typeof loader>(({ question, answers }) => {
  const accepted = answers?.list.find((answer) => answer.accepted);
  return {
    kind: "article",
    title: question.title,
    summary: postSummary(question.content, 80),
    link: question.share_link,
    image: null,
    published: question.created_at,
    jsonLd: {
      "@type": "QAPage",
      mainEntity: {
        "@type": "Question",
        name: question.title,
        text: question.content,
        answerCount: question.answer_count,
        dateCreated: question.created_at,
        author: person(question.asker.alias),
        acceptedAnswer: accepted ? toAnswer(accepted) : undefined,
        suggestedAnswer: answers?.list.filter((answer) => !answer.accepted).map(toAnswer),
      },
    },
  };
});

export default function LawQuestionPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { question } = loaderData;
  return (
    <>
      <ListHeader />
      <main className="cm-page la-page">
        <article className="cm-card la-question" aria-labelledby="question-title">
          <p className="la-tags">
            <span className="la-category">{question.category}</span>
            {question.solved ? <span className="la-solved">已解决</span> : <span className="la-open">待解决</span>}
          </p>
          <h1 id="question-title" className="la-title">
            {question.title}
          </h1>
          <p className="la-body">{question.content}</p>
          <div className="la-asker">
            <img className="la-asker-avatar" src={question.asker.avatar || undefined} alt="" width={24} height={24} />
            <span>{question.asker.alias}</span>
            <time dateTime={question.created_at} suppressHydrationWarning>
              {formatRelativeTime(question.created_at)}
            </time>
            <span className="la-views">{formatBigNumber(question.view_count)} 浏览</span>
          </div>
        </article>
        <section className="cm-card cm-section" aria-labelledby="answers-title">
          <h2 id="answers-title" className="cm-section-title">
            律师解答 <span className="comments-count">{question.answer_count}</span>
          </h2>
          <Island
            name="law-answers"
            wake="interaction"
            component={LawAnswers}
            props={{ first: loaderData.answers, questionId: question.id, size: pageSize }}
          />
        </section>
        <p className="la-note">以上解答仅供参考，具体问题请结合实际情况咨询专业律师。</p>
      </main>
      <div className="la-cta">
        <Island
          name="open-app-button"
          wake="interaction"
          component={OpenAppButton}
          props={{ className: "la-cta-button", text: ["打开客户端，免费咨询律师"] }}
        />
      </div>
    </>
  );
}
