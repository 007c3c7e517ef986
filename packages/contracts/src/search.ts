import { type Static, Type } from "typebox";
import { RelatedItem } from "./content.ts";
import { searchKeywordMaxLength, searchMaxPage, searchMaxPageSize } from "./limits.ts";

/** GET /peony/v1/search: published content whose title holds the keyword, newest first. */
export const SearchQuery = Type.Object({
  keyword: Type.String({ minLength: 1, maxLength: searchKeywordMaxLength, description: "words to look for" }),
  page: Type.Integer({ minimum: 1, maximum: searchMaxPage, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: searchMaxPageSize, default: 10 }),
});
export type SearchQuery = Static<typeof SearchQuery>;

export const SearchResult = Type.Object({
  keyword: Type.String({ description: "the keyword as searched, trimmed" }),
  list: Type.Array(RelatedItem),
  total: Type.Integer({ minimum: 0, description: "matches in all, counted up to the deepest page" }),
  page: Type.Integer(),
  size: Type.Integer(),
  has_more: Type.Boolean(),
});
export type SearchResult = Static<typeof SearchResult>;

export const HotWord = Type.Object({
  word: Type.String(),
  /** 1 for the first hot word */
  rank: Type.Integer({ minimum: 1 }),
});
export type HotWord = Static<typeof HotWord>;

/** GET /peony/v1/search/hot-words: the words editors put forward, in order. */
export const HotWords = Type.Object({ list: Type.Array(HotWord) });
export type HotWords = Static<typeof HotWords>;
