import { describe, expect, it } from "vitest";
import { safeReturnPath } from "./return-path.ts";

describe("the page /auth returns to", () => {
  it("R-ROUTE-1 /auth returns to a page of this site, given with or without its base path", () => {
    expect(safeReturnPath("/news/doc/2026/11/AbCdEfGh/index.html")).toBe("/news/doc/2026/11/AbCdEfGh/index.html");
    expect(safeReturnPath("/davmu/share/list/abc/index.html?page=2")).toBe("/list/abc/index.html?page=2");
    expect(safeReturnPath("/davmu/share")).toBe("/");
    expect(safeReturnPath(null)).toBe("/");
  });

  it("R-ROUTE-1 /auth never returns to another origin, a script URL, itself or /bar", () => {
    for (const bad of [
      "https://evil.example.com/",
      "//evil.example.com/x",
      "/\\evil.example.com",
      "javascript:alert(1)",
      "news/doc",
      "/auth?redirect=/auth",
      "/bar",
      "/a b",
      `/${"x".repeat(1001)}`,
    ]) {
      expect(safeReturnPath(bad), bad).toBe("/");
    }
  });
});
