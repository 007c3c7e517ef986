import { describe, expect, it } from "vitest";
import { frameSource } from "./pc.tsx";

describe("frameSource", () => {
  it("R-SITE-6 /pc frames the page given in the url query, marked as framed", () => {
    expect(frameSource("/news/doc/2026/11/abc/index.html")).toBe(
      "/davmu/share/news/doc/2026/11/abc/index.html?pc_frame=1",
    );
    expect(frameSource("/?group=city")).toBe("/davmu/share/?group=city&pc_frame=1");
    expect(frameSource("/davmu/share/news/doc/x/index.html")).toBe("/davmu/share/news/doc/x/index.html?pc_frame=1");
  });

  it("R-SITE-6 other origins, a missing url and /pc itself fall back to home", () => {
    for (const url of [
      null,
      "",
      "https://evil.example/",
      "//evil.example/x",
      "javascript:alert(1)",
      "/pc",
      "/pc?url=/pc",
    ]) {
      expect(frameSource(url), String(url)).toBe("/davmu/share/?pc_frame=1");
    }
  });
});
