import { desktopUserAgent, wechatIosUserAgent, wechatUserAgent } from "@davmu/test-support/browser";
import { describe, expect, it } from "vitest";
import { frameSource, phonePage } from "./pc.tsx";

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

describe("phonePage", () => {
  const asked = (query: string, ua: string) =>
    new Request(`https://share.example.com/davmu/share/pc${query}`, { headers: { "user-agent": ua } });
  const src = "/davmu/share/news/doc/2026/11/abc/index.html?from=timeline&pc_frame=1";

  it("R-SITE-6 a phone that opened /pc's address (a desktop's link pasted into WeChat) is sent to the page itself", () => {
    for (const ua of [wechatUserAgent, wechatIosUserAgent]) {
      expect(phonePage(src, asked("?url=x", ua)), ua).toBe("/news/doc/2026/11/abc/index.html?from=timeline");
    }
    // a crawler reads the page, not its frame
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    expect(phonePage(src, asked("?url=x", bot))).toBe("/news/doc/2026/11/abc/index.html?from=timeline");
  });

  it("R-SITE-6 a desktop stays on /pc, and so does a phone its own wide screen sent there (no loop)", () => {
    expect(phonePage(src, asked("?url=x", desktopUserAgent))).toBeNull();
    expect(phonePage(src, asked("?url=x&screen=wide", wechatUserAgent))).toBeNull();
    // the marker only counts as /pc's own parameter, not inside the framed address
    expect(phonePage(src, asked("?url=%2Fx%3Fscreen%3Dwide", wechatUserAgent))).not.toBeNull();
  });
});
