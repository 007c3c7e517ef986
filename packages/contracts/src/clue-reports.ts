import { type Static, Type } from "typebox";
import { ContentIdParams, RelatedItem } from "./content.ts";

/** A clue report's or a reporter's public id (the same hashid codec as content ids). */
export const ClueReportParams = ContentIdParams;
export const ClueReporterParams = ContentIdParams;

/**
 * A topic's name as readers type it: any characters (spaces, emoji, `%`, `/` sent encoded) but no
 * control characters, at most 50 of them.
 */
export const TopicParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 50, pattern: "^[^\\u0000-\\u001f\\u007f]+$" }),
});

export const clueListSorts = ["view_sum", "latest"] as const;
export const ClueListSort = Type.Enum([...clueListSorts]);

/** Paging of every clue-report list: 10 a page unless asked otherwise. */
export const ClueListQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});

/** A topic's channel list: sorted by view_sum (the most read first) unless `latest` is asked. */
export const TopicQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 1000, default: 1 }),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
  sort: Type.Optional(ClueListSort),
});
export type TopicQuery = Static<typeof TopicQuery>;

/**
 * Where the newsroom's follow-up stands: pending (待受理), accepted (已受理), following (跟进中),
 * resolved (已办结), declined (不予受理).
 */
export const clueStatuses = ["pending", "accepted", "following", "resolved", "declined"] as const;
export type ClueStatus = (typeof clueStatuses)[number];
export const ClueStatusSchema = Type.Enum([...clueStatuses]);

/** A newsroom reporter as cards and replies show them. */
export const ReporterSummary = Type.Object({
  user_id: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  title: Type.String({ description: "the reporter's desk, e.g. 江澜新闻 民生记者" }),
});
export type ReporterSummary = Static<typeof ReporterSummary>;

/** GET /peony/v3/clue_report/user/{id}: a reporter's profile. */
export const ReporterDetail = Type.Object({
  ...ReporterSummary.properties,
  bio: Type.String(),
  follower_count: Type.Integer({ minimum: 0 }),
  clue_count: Type.Integer({ minimum: 0, description: "reports the reporter follows up" }),
  at_count: Type.Integer({ minimum: 0, description: "reports that mention the reporter" }),
  post_count: Type.Integer({ minimum: 0, description: "news items the reporter wrote" }),
  share_link: Type.String({ description: "the page's share link on the public origin" }),
});
export type ReporterDetail = Static<typeof ReporterDetail>;

/** The reader who sent the tip, as published (an alias, never a phone number). */
export const ClueAuthor = Type.Object({ alias: Type.String(), avatar: Type.String() });

export const CluePicture = Type.Object({
  url: Type.String(),
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
});
export type CluePicture = Static<typeof CluePicture>;

export const ClueVideo = Type.Object({
  src: Type.String(),
  poster: Type.String(),
  duration_str: Type.String(),
});
export type ClueVideo = Static<typeof ClueVideo>;

/** One step of the follow-up, oldest first. */
export const ClueTimelineEntry = Type.Object({
  status: ClueStatusSchema,
  note: Type.String(),
  at: Type.String({ format: "date-time" }),
});
export type ClueTimelineEntry = Static<typeof ClueTimelineEntry>;

/** The reporter's answer to the tip. */
export const ClueReply = Type.Object({
  reporter: ReporterSummary,
  content: Type.String(),
  replied_at: Type.String({ format: "date-time" }),
});

/** A report as lists show it. */
export const ClueReportSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  summary: Type.String({ description: "the first words of the text" }),
  cover: Type.String({ description: "the first picture (or the video's poster); empty for none" }),
  picture_count: Type.Integer({ minimum: 0 }),
  has_video: Type.Boolean(),
  status: ClueStatusSchema,
  topics: Type.Array(Type.String()),
  view_sum: Type.Integer({ minimum: 0 }),
  author: ClueAuthor,
  reported_at: Type.String({ format: "date-time" }),
});
export type ClueReportSummary = Static<typeof ClueReportSummary>;

/** GET /peony/v3/clue_report/{id}/detail. */
export const ClueReportDetail = Type.Object({
  ...ClueReportSummary.properties,
  content: Type.String({ description: "plain text; paragraphs separated by blank lines" }),
  location: Type.String(),
  pictures: Type.Array(CluePicture),
  video: Type.Union([ClueVideo, Type.Null()]),
  timeline: Type.Array(ClueTimelineEntry),
  handler: Type.Union([ReporterSummary, Type.Null()], { description: "the reporter following it up" }),
  reply: Type.Union([ClueReply, Type.Null()]),
  mentions: Type.Array(ReporterSummary, { description: "reporters the tip names (@)" }),
  related_posts: Type.Array(RelatedItem, { description: "news items the newsroom published on it" }),
  share_link: Type.String({ description: "the page's share link on the public origin" }),
});
export type ClueReportDetail = Static<typeof ClueReportDetail>;

export const ClueReportList = Type.Object({
  list: Type.Array(ClueReportSummary),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type ClueReportList = Static<typeof ClueReportList>;

export const ClueTopic = Type.Object({
  name: Type.String(),
  description: Type.String(),
  cover: Type.String(),
  report_count: Type.Integer({ minimum: 0 }),
  view_sum: Type.Integer({ minimum: 0, description: "the views of its reports together" }),
  share_link: Type.String({ description: "the page's share link on the public origin" }),
});
export type ClueTopic = Static<typeof ClueTopic>;

/** GET /peony/v3/clue_report/topic/{name}: the topic and a page of its channel list. */
export const ClueTopicDetail = Type.Object({
  topic: ClueTopic,
  sort: ClueListSort,
  ...ClueReportList.properties,
});
export type ClueTopicDetail = Static<typeof ClueTopicDetail>;

export const RecommendTopics = Type.Object({ list: Type.Array(ClueTopic) });
export type RecommendTopics = Static<typeof RecommendTopics>;

/** GET /peony/v3/clue_report/user/{id}/relate_posts: news items by the reporter. */
export const ReporterPosts = Type.Object({
  list: Type.Array(RelatedItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer(),
  limit: Type.Integer(),
});
export type ReporterPosts = Static<typeof ReporterPosts>;

/** The share site's pages of the clue-report column (under the site's base path). */
export const dejinPaths = {
  report: (id: string) => `dejin/detail/${id}/index.html`,
  reporter: (userId: string) => `dejin/personal/${userId}/index.html`,
  topic: (name: string) => `dejin/topic/${encodeURIComponent(name)}/index.html`,
  pichoContent: (rid: string, uuid: string) =>
    `dejin/content/index.html?rid=${encodeURIComponent(rid)}&uuid=${encodeURIComponent(uuid)}`,
  pichoCatalog: (rid: string, id: string) =>
    `dejin/catalog/index.html?rid=${encodeURIComponent(rid)}&id=${encodeURIComponent(id)}`,
};

/** GET /peony/v3/clue_report/{id}/comments: numbered pages, 10 a page from page 1. */
export const ClueCommentQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100000, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type ClueCommentQuery = Static<typeof ClueCommentQuery>;

/** POST /peony/v3/clue_report/{id}/comment: a top-level comment on a report. */
export const ClueCommentCreate = Type.Object({
  content: Type.String({ minLength: 1, maxLength: 500 }),
});
export type ClueCommentCreate = Static<typeof ClueCommentCreate>;
