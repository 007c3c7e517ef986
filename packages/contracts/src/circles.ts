import { type Static, Type } from "typebox";

/**
 * Circles (dimim): readers' communities with their posts, hashtags and comments. Ids are public ids
 * (hashids of the database ids), given in the query as the share routes carry no id in their path
 * (`/dimim/circle/index.html?id=…`, decision 035).
 */

const PublicId = Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9]+$", description: "public id" });

/** Longest hashtag name, in characters (code points); longer names are refused with 400. */
export const topicNameMaxLength = 30;
/** Most posts a page of a list holds. */
export const circlePageMaxSize = 50;
/** Last page a list may be asked for (deeper pages are refused with 400). */
export const circleMaxPage = 1000;

const Paging = {
  page: Type.Integer({ minimum: 1, maximum: circleMaxPage, default: 1, description: "1-based page" }),
  size: Type.Integer({ minimum: 1, maximum: circlePageMaxSize, default: 10, description: "posts per page" }),
};

export const CircleIdQuery = Type.Object({ id: PublicId });
export const CirclePostQuery = Type.Object({ id: PublicId });
export const CirclePostsQuery = Type.Object({ id: PublicId, ...Paging });
export const CircleTopicQuery = Type.Object({
  name: Type.String({
    minLength: 1,
    // the API counts characters (an emoji is one) and names the limit; this only bounds what is read
    maxLength: 1000,
    description: `the hashtag without #, 1–${topicNameMaxLength} characters; spaces at either end are ignored`,
  }),
  circle: Type.Optional(PublicId),
  ...Paging,
});

/** Who wrote a post or a comment, or a member shown on the circle's page. */
export const CircleUser = Type.Object({
  user_id: Type.String({ description: "public id of the user" }),
  alias: Type.String(),
  avatar: Type.String({ description: "path of the avatar on the API's origin, empty when none" }),
});
export type CircleUser = Static<typeof CircleUser>;

export const CirclePicture = Type.Object({
  url: Type.String({ description: "path of the picture on the API's origin" }),
  width: Type.Integer({ minimum: 1 }),
  height: Type.Integer({ minimum: 1 }),
});
export type CirclePicture = Static<typeof CirclePicture>;

/** A circle as a post names it. */
export const CircleRef = Type.Object({
  id: Type.String(),
  name: Type.String(),
  cover: Type.String(),
  share_link: Type.String({ description: "the circle's share page, absolute on PUBLIC_ORIGIN" }),
});
export type CircleRef = Static<typeof CircleRef>;

/** A post as lists show it: its whole text (posts are short), pictures, author, counts and topics. */
export const CirclePost = Type.Object({
  id: Type.String(),
  text: Type.String({ description: "plain text; hashtags are listed in topics; clients render it escaped" }),
  pictures: Type.Array(CirclePicture, { maxItems: 9 }),
  author: CircleUser,
  like_count: Type.Integer({ minimum: 0 }),
  comment_count: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: "date-time" }),
  circle: CircleRef,
  topics: Type.Array(Type.String(), { description: "hashtags of the post, without #" }),
  share_link: Type.String({ description: "the post's share page, absolute on PUBLIC_ORIGIN" }),
});
export type CirclePost = Static<typeof CirclePost>;

export const CircleComment = Type.Object({
  id: Type.String(),
  author: CircleUser,
  text: Type.String({ description: "plain text" }),
  like_count: Type.Integer({ minimum: 0 }),
  created_at: Type.String({ format: "date-time" }),
});
export type CircleComment = Static<typeof CircleComment>;

/** Comments a post's detail carries: the newest; the rest are read in the app. */
export const postDetailComments = 20;

export const CirclePostDetail = Type.Object({
  ...CirclePost.properties,
  comments: Type.Array(CircleComment, { maxItems: postDetailComments, description: "the newest comments" }),
});
export type CirclePostDetail = Static<typeof CirclePostDetail>;

export const CircleTopicRef = Type.Object({
  name: Type.String(),
  post_count: Type.Integer({ minimum: 0 }),
});
export type CircleTopicRef = Static<typeof CircleTopicRef>;

/** Members a circle's detail shows (the most recent to join). */
export const circleDetailMembers = 8;

export const CircleDetail = Type.Object({
  id: Type.String(),
  name: Type.String(),
  cover: Type.String(),
  intro: Type.String(),
  member_count: Type.Integer({ minimum: 0 }),
  post_count: Type.Integer({ minimum: 0 }),
  members: Type.Array(CircleUser, { maxItems: circleDetailMembers, description: "the newest members" }),
  topics: Type.Array(CircleTopicRef, { description: "the circle's busiest hashtags" }),
  share_link: Type.String(),
});
export type CircleDetail = Static<typeof CircleDetail>;

const PageFields = {
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
  total: Type.Integer({ minimum: 0 }),
  has_more: Type.Boolean(),
};

/** A page of a circle's posts, newest first. */
export const CirclePostPage = Type.Object({ list: Type.Array(CirclePost), ...PageFields });
export type CirclePostPage = Static<typeof CirclePostPage>;

/** A hashtag's posts, newest first, in one circle when `circle` is given. */
export const CircleTopicPage = Type.Object({
  name: Type.String(),
  intro: Type.String(),
  post_count: Type.Integer({ minimum: 0, description: "posts under the hashtag (in the circle, when given)" }),
  circle: Type.Union([CircleRef, Type.Null()]),
  share_link: Type.String(),
  list: Type.Array(CirclePost),
  ...PageFields,
});
export type CircleTopicPage = Static<typeof CircleTopicPage>;
