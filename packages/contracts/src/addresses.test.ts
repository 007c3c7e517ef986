import { describe, expect, it } from "vitest";
import { isAppLink, isWebAddress } from "./addresses.ts";

describe("addresses content may carry", () => {
  it("R-SEC-XSS web addresses: site paths and http(s) URLs only", () => {
    for (const good of [
      "/media/h5/metro-map.html",
      "/davmu/share/doc/abc/index.html?x=1#y",
      "https://h5.example.com/a?b=1",
      "http://news.example.cn/2026/11/28/a.shtml",
      "HTTPS://H5.EXAMPLE.COM/",
    ])
      expect(isWebAddress(good), good).toBe(true);
    for (const bad of [
      "",
      "javascript:alert(1)",
      "JaVaScRiPt:alert(document.domain)//",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "data:text/html,<script>alert(1)</script>",
      "vbscript:msgbox(1)",
      "//evil.example.net/",
      "/\\evil.example.net/",
      "https:/evil.example.net",
      "https://",
      "http://a b.example/",
      "/media/a b.jpg",
      "file:///etc/passwd",
      "media/relative.jpg",
    ])
      expect(isWebAddress(bad), JSON.stringify(bad)).toBe(false);
  });

  it("R-SEC-XSS app links: an app's own scheme or a web address, never a scheme the browser runs", () => {
    for (const good of [
      "jianglan://content/abc",
      "weixin://dl/business/?t=x",
      "market://details?id=cn.x",
      "https://a.example/",
    ])
      expect(isAppLink(good), good).toBe(true);
    for (const bad of [
      "",
      "javascript:alert(1)",
      "JAVASCRIPT:alert(1)",
      "data:,x",
      "vbscript:x",
      "blob:https://a/x",
      "about:blank",
      "no scheme",
      "1abc://x",
      "jianglan://a b",
    ])
      expect(isAppLink(bad), JSON.stringify(bad)).toBe(false);
  });
});
