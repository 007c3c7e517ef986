import { describe, expect, it } from "vitest";
import { moderate, normaliseComment } from "./moderation.ts";

describe("comment moderation", () => {
  it("R-MOD-1 banned words are caught through spacing, punctuation, full-width and case", () => {
    for (const text of ["赌博", "来 赌 博", "赌·博", "赌_博", "ＦＵＣＫ赌博"]) {
      expect(moderate(text).action, text).toBe("reject");
    }
    expect(moderate("买彩票要理性").action).toBe("publish");
  });

  it("R-MOD-1 listed words are masked character for character", () => {
    expect(moderate("真是脑残")).toEqual({ action: "publish", text: "真是＊＊" });
    expect(moderate("Shit happens")).toEqual({ action: "publish", text: "＊＊＊＊ happens" });
  });

  it("R-MOD-1 links in any common spelling hold the comment", () => {
    for (const text of ["看 http://a.b", "www.example.com", "example.cn 有惊喜", "加vx：abc", "某某点com"]) {
      expect(moderate(text).action, text).toBe("hold");
    }
    expect(moderate("今天天气不错。明天见").action).toBe("publish");
  });

  it("R-SEC-XSS normalising keeps markup as text and only trims whitespace and control characters", () => {
    expect(normaliseComment("  <b>hi</b>\u0000\u0007  ")).toBe("<b>hi</b>");
    expect(normaliseComment("a\r\n\r\n\r\n\r\nb")).toBe("a\n\nb");
    expect(normaliseComment("a \t\u3000 b")).toBe("a b");
  });
});
