import { describe, expect, it } from "vitest";
import { hasMorePages, pageParam } from "./lists.ts";

describe("list pages", () => {
  it("R-CONTENT-8 a list has more while its pages have not covered the total, up to the deepest page", () => {
    expect(hasMorePages(1, 10, 25)).toBe(true);
    expect(hasMorePages(3, 10, 25)).toBe(false);
    expect(hasMorePages(2, 10, 20)).toBe(false);
    expect(hasMorePages(1, 10, 0)).toBe(false);
    expect(hasMorePages(100, 10, 5000)).toBe(false);
  });
  it("R-CONTENT-8 a page number from the query is bounded; junk is page 1", () => {
    expect(pageParam(null)).toBe(1);
    expect(pageParam("3")).toBe(3);
    expect(pageParam("0")).toBe(1);
    expect(pageParam("101")).toBe(1);
    expect(pageParam("-2")).toBe(1);
    expect(pageParam("1e3")).toBe(1);
    expect(pageParam("99999999")).toBe(1);
  });
});
