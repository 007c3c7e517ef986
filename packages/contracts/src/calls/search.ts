import { defineCall } from "../call.ts";
import { answers } from "../envelope.ts";
import { HotWords, SearchQuery, SearchResult } from "../search.ts";

const tags = ["search"];

export const hotWords = defineCall({
  method: "GET",
  path: "/peony/v1/search/hot-words",
  access: "token",
  tags,
  summary: "Hot words shown before a search, in editors' order",
  responses: answers(HotWords),
});

export const search = defineCall({
  method: "GET",
  path: "/peony/v1/search",
  access: "token",
  tags,
  summary: "Published content whose title holds the keyword, newest first",
  query: SearchQuery,
  responses: answers(SearchResult),
});
