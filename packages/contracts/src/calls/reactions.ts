import { defineCall } from "../call.ts";
import { ContentIdParams } from "../content.ts";
import { answers } from "../envelope.ts";
import {
  CollectionRequest,
  CollectionResult,
  StarRequest,
  StarResult,
  UserRelated,
  UserRelatedParams,
} from "../interaction.ts";

const tags = ["interaction"];

export const collect = defineCall({
  method: "POST",
  path: "/peony/v1/collection/:id",
  access: "user",
  tags,
  summary: "Collects (add) or uncollects (del) a post",
  params: ContentIdParams,
  body: CollectionRequest,
  responses: answers(CollectionResult),
});

export const collectMp = defineCall({
  method: "POST",
  path: "/guzzle/v1/collection/:id",
  access: "user",
  tags,
  summary: "Collects or uncollects a media-account post",
  params: ContentIdParams,
  body: CollectionRequest,
  responses: answers(CollectionResult),
});

export const userRelated = defineCall({
  method: "GET",
  path: "/peony/v3/content/:type/:id/user_related",
  access: "token",
  tags,
  summary: "Whether the current user collected or starred a post and follows its media account",
  params: UserRelatedParams,
  responses: answers(UserRelated),
});

export const star = defineCall({
  method: "POST",
  path: "/peony/v1/star",
  access: "user",
  tags,
  summary: "Stars (likes) a comment by cid, or a post by post_id",
  body: StarRequest,
  responses: answers(StarResult),
});

export const starMp = defineCall({
  method: "POST",
  path: "/guzzle/v1/star",
  access: "user",
  tags,
  summary: "Stars (likes) a comment by cid, or a media-account post by post_id",
  body: StarRequest,
  responses: answers(StarResult),
});
