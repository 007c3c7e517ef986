import { defineCall } from "../call.ts";
import {
  ClueCommentCreate,
  ClueCommentQuery,
  ClueListQuery,
  ClueReportDetail,
  ClueReporterParams,
  ClueReportList,
  ClueReportParams,
  ClueTopicDetail,
  RecommendTopics,
  ReporterDetail,
  ReporterPosts,
  TopicParams,
  TopicQuery,
} from "../clue-reports.ts";
import { answers } from "../envelope.ts";
import { Comment, CommentList } from "../interaction.ts";

const tags = ["clue reports"];

export const clueReport = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/:id/detail",
  access: "token",
  tags,
  summary:
    "A published clue report: text, pictures, video, the follow-up status and its timeline, the reporter's reply, mentioned reporters, topics and related posts; counts a view",
  params: ClueReportParams,
  responses: answers(ClueReportDetail),
});

export const clueRecommendTopics = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/recommend_topics",
  access: "token",
  tags,
  summary: "The topics the editors recommend, in their order, with report counts and views",
  responses: answers(RecommendTopics),
});

export const clueTopic = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/topic/:name",
  access: "token",
  tags,
  summary:
    "A topic and a page of its channel list, sorted by view_sum (most read first) unless sort=latest; 10 a page by default; unknown topics 404",
  params: TopicParams,
  query: TopicQuery,
  responses: answers(ClueTopicDetail),
});

export const clueReporter = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/user/:id",
  access: "token",
  tags,
  summary: "A reporter's profile: name, avatar, desk, introduction and counts",
  params: ClueReporterParams,
  responses: answers(ReporterDetail),
});

export const clueReporterClues = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/user/:id/clues",
  access: "token",
  tags,
  summary: "The published reports a reporter follows up, newest first",
  params: ClueReporterParams,
  query: ClueListQuery,
  responses: answers(ClueReportList),
});

export const clueReporterMentions = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/user/:id/at_ta_clues",
  access: "token",
  tags,
  summary: "The published reports that mention (@) a reporter, newest first",
  params: ClueReporterParams,
  query: ClueListQuery,
  responses: answers(ClueReportList),
});

export const clueReporterPosts = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/user/:id/relate_posts",
  access: "token",
  tags,
  summary: "Published news items a reporter wrote, in the editors' order",
  params: ClueReporterParams,
  query: ClueListQuery,
  responses: answers(ReporterPosts),
});

export const clueReportComments = defineCall({
  method: "GET",
  path: "/peony/v3/clue_report/:id/comments",
  access: "optional",
  tags,
  summary:
    "Readers' comments on a published report, newest first, 10 a page from page 1; held comments appear to their author only; unknown reports 404",
  params: ClueReportParams,
  query: ClueCommentQuery,
  responses: answers(CommentList),
});

export const postClueReportComment = defineCall({
  method: "POST",
  path: "/peony/v3/clue_report/:id/comment",
  access: "user",
  tags,
  summary:
    "Comments on a published report, moderated as post comments: banned words refused, listed words masked, links held for review, the same text twice within 60 s refused, a per-user limit per minute",
  params: ClueReportParams,
  body: ClueCommentCreate,
  responses: answers(Comment),
});
