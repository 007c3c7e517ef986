import { describe, expect, it } from "vitest";
import { highlightParts, searchKeyword } from "./search.ts";

describe("search highlighting", () => {
  it("R-ROUTE-1 search: the keyword is marked wherever it occurs, in any case", () => {
    expect(highlightParts("老城区新添12座口袋公园", "口袋公园")).toEqual([
      { text: "老城区新添12座", hit: false },
      { text: "口袋公园", hit: true },
    ]);
    expect(highlightParts("AI meets ai", "Ai")).toEqual([
      { text: "AI", hit: true },
      { text: " meets ", hit: false },
      { text: "ai", hit: true },
    ]);
    expect(highlightParts("江澜地铁5号线", "地铁 5号")).toEqual([
      { text: "江澜", hit: false },
      { text: "地铁5号", hit: true },
      { text: "线", hit: false },
    ]);
  });
  it("R-SEC-XSS a title with markup is cut as text; no keyword, no marks", () => {
    const parts = highlightParts('<img src=x onerror="a()">书屋', "img");
    expect(parts[1]).toEqual({ text: "img", hit: true });
    expect(parts.map((p) => p.text).join("")).toBe('<img src=x onerror="a()">书屋');
    expect(highlightParts("标题", "%%")).toEqual([{ text: "标题", hit: false }]);
  });
  it("R-ROUTE-1 search: the keyword is trimmed; empty or over 40 characters is no search", () => {
    expect(searchKeyword("  口袋 ")).toBe("口袋");
    expect(searchKeyword("   ")).toBeNull();
    expect(searchKeyword(null)).toBeNull();
    expect(searchKeyword("长".repeat(41))).toBeNull();
    expect(searchKeyword("长".repeat(40))).toHaveLength(40);
  });
});
