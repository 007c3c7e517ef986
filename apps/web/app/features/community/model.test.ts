import { describe, expect, it } from "vitest";
import { communityPaths, pictureLayout, postSummary, singlePictureRatio, stepIndex } from "./model.ts";

describe("community pages' helpers", () => {
  it("R-ROUTE-1 the circle, post, topic and question pages take their ids in the query", () => {
    expect(communityPaths.circle("aB3")).toBe("/davmu/share/dimim/circle/index.html?id=aB3");
    expect(communityPaths.post("xY9")).toBe("/davmu/share/dimim/content/index.html?id=xY9");
    expect(communityPaths.topic("100% 完赛/5k", "aB3")).toBe(
      "/davmu/share/dimim/topic/index.html?name=100%25%20%E5%AE%8C%E8%B5%9B%2F5k&circle=aB3",
    );
    expect(communityPaths.topic("跑")).toBe("/davmu/share/dimim/topic/index.html?name=%E8%B7%91");
    expect(communityPaths.question("q1")).toBe("/davmu/share/fazak/problemShare/index.html?id=q1");
  });

  it("lays pictures out as one, a pair (two or four) or a grid, and bounds a single picture's shape", () => {
    expect([0, 1, 2, 3, 4, 5, 9].map(pictureLayout)).toEqual([
      "single",
      "single",
      "pair",
      "grid",
      "pair",
      "grid",
      "grid",
    ]);
    expect(singlePictureRatio(1080, 720)).toBeCloseTo(2 / 3);
    expect(singlePictureRatio(720, 4000)).toBeCloseTo(4 / 3);
    expect(singlePictureRatio(4000, 100)).toBeCloseTo(9 / 16);
    expect(singlePictureRatio(0, 0)).toBe(1);
  });

  it("summarises a post by its first line, counting emoji as one character", () => {
    expect(postSummary("第一行\n第二行")).toBe("第一行");
    expect(postSummary("🏃".repeat(70), 60)).toBe(`${"🏃".repeat(60)}…`);
  });

  it("steps through the viewer's pictures, wrapping at both ends", () => {
    expect(stepIndex(0, -1, 3)).toBe(2);
    expect(stepIndex(2, 1, 3)).toBe(0);
    expect(stepIndex(0, 1, 0)).toBe(0);
  });
});
