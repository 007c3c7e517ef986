import { defineCall } from "../call.ts";
import { ContentIdParams, ContentItem } from "../content.ts";
import { answers } from "../envelope.ts";
import { FollowList, FollowRequest, FollowResult, IdParams, MediaAccountInfo } from "../interaction.ts";

const tags = ["media account"];

export const follow = defineCall({
  method: "POST",
  path: "/guzzle/v1/mp/follow/:id",
  access: "user",
  tags,
  summary: "Follows (add) or unfollows (del) a media account",
  params: IdParams,
  body: FollowRequest,
  responses: answers(FollowResult),
});

export const isFollowed = defineCall({
  method: "POST",
  path: "/guzzle/v1/mp/is_followed/:id",
  access: "token",
  tags,
  summary: "Whether the current user follows a media account",
  params: IdParams,
  responses: answers(FollowResult),
});

export const mpInfo = defineCall({
  method: "GET",
  path: "/dinner/mp/info/:id",
  access: "optional",
  tags,
  summary: "A media account's profile",
  params: IdParams,
  responses: answers(MediaAccountInfo),
});

export const followList = defineCall({
  method: "GET",
  path: "/dinner/mp/followlist",
  access: "user",
  tags,
  summary: "The media accounts the user follows, latest first (up to 100)",
  responses: answers(FollowList),
});

export const mpContent = defineCall({
  method: "GET",
  path: "/dinner/content/:id",
  access: "token",
  tags,
  summary: "A media account's content item by its public id (actor mp); the organisation's own items answer 404",
  params: ContentIdParams,
  responses: answers(ContentItem),
});
