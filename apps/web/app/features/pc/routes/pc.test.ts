import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
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
      // what a URL parser reads as another host
      "/\\evil.example/",
      "/davmu/share//evil.example/",
      "/davmu/share/\\evil.example",
      "/\t/evil.example",
      "/\n/evil.example",
      " //evil.example",
    ]) {
      expect(frameSource(url), String(url)).toBe("/davmu/share/?pc_frame=1");
    }
  });
});

describe("phonePage", () => {
  const asked = (query: string, ua: string) =>
    new Request(`https://share.example.com/davmu/share/pc${query}`, { headers: { "user-agent": ua } });
  const src = "/davmu/share/news/doc/2026/11/abc/index.html?from=timeline&pc_frame=1";
  const page = "/news/doc/2026/11/abc/index.html?from=timeline";
  const people = corpus.agents.filter((agent) => !agent.robot);

  it("R-SITE-6 every phone of the corpus that opened /pc's address (a desktop's link pasted into WeChat) is sent to the page itself", () => {
    const phones = people.filter((agent) => agent.mobile);
    expect(phones.length).toBeGreaterThan(20);
    for (const { ua } of phones) expect(phonePage(src, asked("?url=x", ua)), ua).toBe(page);
  });

  it("R-SITE-6 every computer and crawler of the corpus stays on /pc, and so does a phone its own wide screen sent there (no loop)", () => {
    const computers = people.filter((agent) => !agent.mobile);
    expect(computers.length).toBeGreaterThan(3);
    for (const { ua } of computers) expect(phonePage(src, asked("?url=x", ua)), ua).toBeNull();
    for (const { ua } of corpus.agents.filter((agent) => agent.robot))
      expect(phonePage(src, asked("?url=x", ua)), ua).toBeNull();
    const wechat = people.find((agent) => agent.ua.includes("Process/toolsmp"))?.ua ?? "";
    expect(phonePage(src, asked("?url=x&screen=wide", wechat))).toBeNull();
    // whatever the address held, the redirect stays on this site's own paths
    for (const hostile of ["/\\evil.example/", "/davmu/share//evil.example/", "/\t/evil.example", "//evil.example"]) {
      expect(phonePage(frameSource(hostile), asked("?url=x", wechat)), hostile).toBe("/");
    }
    expect(phonePage(frameSource("/search/index.html?keyword=江 澜"), asked("?url=x", wechat))).toBe(
      "/search/index.html?keyword=%E6%B1%9F+%E6%BE%9C",
    );
    // the marker only counts as /pc's own parameter, not inside the framed address
    expect(phonePage(src, asked("?url=%2Fx%3Fscreen%3Dwide", wechat))).toBe(page);
  });
});
