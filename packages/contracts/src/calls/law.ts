import { defineCall } from "../call.ts";
import { answers } from "../envelope.ts";
import { LawAnswerListQuery, LawAnswerPage, LawQuestion, LawQuestionQuery } from "../law.ts";

const tags = ["law"];

export const lawQuestion = defineCall({
  method: "GET",
  path: "/law/v1/api/share/question/detail",
  access: "token",
  tags,
  summary: "A legal question: title, text, category, the asker (masked), views, answers and whether it is solved",
  description: "Sent without X-Request-Id (spec §7). Unknown or withdrawn questions answer 404.",
  query: LawQuestionQuery,
  responses: answers(LawQuestion),
  requestId: false,
});

export const lawAnswers = defineCall({
  method: "GET",
  path: "/law/v1/api/share/question/answerlist",
  access: "token",
  tags,
  summary:
    "A question's answers with each lawyer's name, title, firm and avatar: the accepted answer first, then by likes; paged (page 1–1000, size 1–50)",
  description: "Sent without X-Request-Id (spec §7). Unknown questions answer 404.",
  query: LawAnswerListQuery,
  responses: answers(LawAnswerPage),
  requestId: false,
});
