import { describe, expect, it } from "vitest";
import { indexTerms, likePattern, queryTerms, runsOf } from "./search-terms.ts";

describe("search terms", () => {
  it("R-ROUTE-1 search: runs split on anything but letters and digits, after NFKC and lower case", () => {
    expect(runsOf("ＡＩ 赋能·城市!")).toEqual(["ai", "赋能", "城市"]);
    expect(runsOf("  ，。 ")).toEqual([]);
  });
  it("R-ROUTE-1 search: a title is indexed by its unigrams and bigrams, never across a break", () => {
    expect(indexTerms("口袋公园")).toEqual(["口", "口袋", "袋", "袋公", "公", "公园", "园"]);
    expect(indexTerms("5G 基站")).toEqual(["5", "5g", "g", "基", "基站", "站"]);
    expect(indexTerms("公园公园")).toEqual(["公", "公园", "园", "园公"]);
  });
  it("R-ROUTE-1 search: a keyword is looked up by bigrams, a single character by itself", () => {
    expect(queryTerms("口袋公园")).toEqual(["口袋", "袋公", "公园"]);
    expect(queryTerms("城")).toEqual(["城"]);
    expect(queryTerms("城 口袋")).toEqual(["城", "口袋"]);
    expect(queryTerms("%_")).toEqual([]);
    expect(queryTerms("甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉")).toHaveLength(12);
  });
  it("R-ROUTE-1 search: the LIKE pattern holds only letters and digits, so it needs no escaping", () => {
    expect(likePattern("口袋 公园")).toBe("%口袋%公园%");
    expect(likePattern("50%_off")).toBe("%50%off%");
  });
});
