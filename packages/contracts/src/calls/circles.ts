import { defineCall } from "../call.ts";
import {
  CircleDetail,
  CircleIdQuery,
  CirclePostDetail,
  CirclePostPage,
  CirclePostQuery,
  CirclePostsQuery,
  CircleTopicPage,
  CircleTopicQuery,
} from "../circles.ts";
import { answers } from "../envelope.ts";

const tags = ["circles"];

export const circlePost = defineCall({
  method: "GET",
  path: "/circle/v1/api/share/content/detail",
  access: "token",
  tags,
  summary: "A circle post: text, pictures, author, likes, comment count, its circle and hashtags, the newest comments",
  description: "Sent without X-Request-Id (spec §7). Unknown or removed posts answer 404.",
  query: CirclePostQuery,
  responses: answers(CirclePostDetail),
  requestId: false,
});

export const circleDetail = defineCall({
  method: "GET",
  path: "/circle/v1/api/share/circle/detail",
  access: "token",
  tags,
  summary: "A circle: name, cover, introduction, member and post counts, the newest members and its busiest hashtags",
  query: CircleIdQuery,
  responses: answers(CircleDetail),
});

export const circlePosts = defineCall({
  method: "GET",
  path: "/circle/v1/api/share/circle/list",
  access: "token",
  tags,
  summary: "A circle's posts, newest first, paged (page 1–1000, size 1–50)",
  query: CirclePostsQuery,
  responses: answers(CirclePostPage),
});

export const circleTopic = defineCall({
  method: "GET",
  path: "/circle/v1/api/share/topic",
  access: "token",
  tags,
  summary: "The posts under a hashtag, newest first, paged; in one circle when `circle` is given",
  description:
    "name is the hashtag without #, 1–30 characters (emoji count as one); unknown hashtags and circles answer 404.",
  query: CircleTopicQuery,
  responses: answers(CircleTopicPage),
});
