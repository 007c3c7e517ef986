import { type Static, Type } from "typebox";

/**
 * Law Q&A (fazak): a reader's legal question and lawyers' answers. The question's public id is given
 * in the query (`/fazak/problemShare/index.html?id=…`, decision 035).
 */

const PublicId = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9]+$", description: "public id" });

export const lawAnswerPageMaxSize = 50;
export const lawAnswerMaxPage = 1000;

export const LawQuestionQuery = Type.Object({ id: PublicId });
export const LawAnswerListQuery = Type.Object({
  id: PublicId,
  page: Type.Integer({ minimum: 1, maximum: lawAnswerMaxPage, default: 1, description: "1-based page" }),
  size: Type.Integer({ minimum: 1, maximum: lawAnswerPageMaxSize, default: 10, description: "answers per page" }),
});

export const LawQuestion = Type.Object({
  id: Type.String(),
  title: Type.String(),
  content: Type.String({ description: "the question in full, plain text" }),
  category: Type.String({ description: "婚姻家庭, 劳动纠纷 …" }),
  asker: Type.Object({
    alias: Type.String({ description: "shown masked: 江澜网友 or the first character and **" }),
    avatar: Type.String(),
  }),
  view_count: Type.Integer({ minimum: 0 }),
  answer_count: Type.Integer({ minimum: 0 }),
  /** whether one answer was accepted by the asker */
  solved: Type.Boolean(),
  created_at: Type.String({ format: "date-time" }),
  share_link: Type.String({ description: "the question's share page, absolute on PUBLIC_ORIGIN" }),
});
export type LawQuestion = Static<typeof LawQuestion>;

export const Lawyer = Type.Object({
  id: Type.String(),
  name: Type.String(),
  title: Type.String({ description: "执业律师, 合伙人律师 …" }),
  firm: Type.String({ description: "the law firm" }),
  avatar: Type.String(),
});
export type Lawyer = Static<typeof Lawyer>;

export const LawAnswer = Type.Object({
  id: Type.String(),
  content: Type.String({ description: "plain text" }),
  lawyer: Lawyer,
  accepted: Type.Boolean({ description: "the answer the asker accepted (at most one per question)" }),
  like_count: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: "date-time" }),
});
export type LawAnswer = Static<typeof LawAnswer>;

/** A page of answers: the accepted answer first, then by likes, then the earliest. */
export const LawAnswerPage = Type.Object({
  list: Type.Array(LawAnswer),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  has_more: Type.Boolean(),
});
export type LawAnswerPage = Static<typeof LawAnswerPage>;
