import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { contentSecurityPolicy, contentSecurityPolicyForPage, createNonce, inlineScriptHashes } from "./csp.ts";

const hash = (body: string) => `'sha256-${createHash("sha256").update(body).digest("base64")}'`;

describe("the CSP of pages (R-SEC-XSS)", () => {
  it("R-SEC-XSS every rendered page gets a nonce of its own: 144 random bits, never handed out twice, past a refill of the pool", () => {
    const nonces = Array.from({ length: 1000 }, () => createNonce());
    expect(new Set(nonces).size).toBe(nonces.length);
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{24}$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(18);
    }
    // no two nonces share a run of bytes: each takes its own part of the pool
    const bytes = nonces.map((nonce) => Buffer.from(nonce, "base64").toString("hex"));
    expect(new Set(bytes.map((b) => b.slice(0, 8))).size).toBeGreaterThan(990);
  });

  it("R-SEC-XSS a cached page's policy hashes every script that runs, whatever its type is written as", () => {
    const scripts = [
      "<script>{}</script>",
      '<script type="module" nonce="x">{}</script>',
      '<script type="text/javascript">{}</script>',
      "<script type='application/ecmascript'>{}</script>",
      "<script TYPE=TEXT/JAVASCRIPT>{}</script>",
      '<script type=" text/javascript ">{}</script>',
      '<script type="text/javascript1.5">{}</script>',
      '<script type="text/javascript; charset=utf-8">{}</script>',
      '<script language="javascript">{}</script>',
      '<script type="importmap">{}</script>',
      '<script type="speculationrules">{}</script>',
      '<script type="">{}</script>',
      // a type named inside another attribute's value is no type
      '<script data-note="type=application/json">{}</script>',
      '<script data-type="application/json">{}</script>',
    ].map((tag, n) => tag.replace("{}", `run(${n})`));
    const dataBlocks = [
      '<script type="application/json" id="page-data">{"a":1}</script>',
      '<script type="application/ld+json">{"@type":"NewsArticle"}</script>',
      "<script type='APPLICATION/JSON; charset=utf-8'>{\"b\":2}</script>",
      '<script type="application/json" data-deferred="more-lists">{"c":3}</script>',
    ];
    const body = (tag: string) => /<script[^>]*>([\s\S]*)<\/script>/.exec(tag)?.[1] ?? "";
    const policy = contentSecurityPolicyForPage(
      [...scripts, ...dataBlocks, '<script src="/davmu/share/assets/entry.js"></script>'].join(""),
    );
    for (const tag of scripts) expect(policy, tag).toContain(hash(body(tag)));
    for (const tag of dataBlocks) expect(policy, tag).not.toContain(hash(body(tag)));
    expect(policy).not.toContain(hash(""));
    expect(contentSecurityPolicyForPage(dataBlocks.join(""))).toContain("script-src 'self'; ");
  });

  it("R-SEC-XSS a separate public API origin is allowed for the browser's calls", () => {
    expect(contentSecurityPolicy("n0nce", "https://api.example.com")).toContain(
      "connect-src 'self' https://api.example.com",
    );
  });

  it("R-SEC-XSS framed link origins are allowed as frame sources, and only this site may frame a page", () => {
    const policy = contentSecurityPolicy("n0nce", "", ["https://h5.example.com"]);
    expect(policy).toContain("frame-src 'self' https://h5.example.com");
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toContain("script-src 'self' 'nonce-n0nce'");
  });
});

describe("inline scripts of a kept page, read as a browser reads them (R-SEC-XSS)", () => {
  it("R-SEC-XSS each script is hashed once, in page order, over its text as written (UTF-8)", () => {
    const page = [
      "<!doctype html><html><head><title>页面</title>",
      '<script>\n  window.say("你好");\n</script>',
      "</head><body><p>正文</p>",
      '<script>b()</script><script>\n  window.say("你好");\n</script><script>c()</script>',
      "</body></html>",
    ].join("");
    expect(inlineScriptHashes(page)).toEqual([hash('\n  window.say("你好");\n'), hash("b()"), hash("c()")]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("R-SEC-XSS a </script> inside an attribute value neither ends the tag nor the script", () => {
    expect(inlineScriptHashes('<script data-x="</script>">run(1)</script>')).toEqual([hash("run(1)")]);
    expect(inlineScriptHashes("<script title='</script><script>evil()'>run(2)</script>")).toEqual([hash("run(2)")]);
    // nor does one inside a data block's attribute make the block a script
    expect(inlineScriptHashes('<script type="application/json" data-x="</script>">{"a":1}</script>')).toEqual([]);
  });

  it("R-SEC-XSS a <script> inside a comment, a textarea or a title is text, not a script", () => {
    expect(inlineScriptHashes("<!-- <script>evil()</script> -->")).toEqual([]);
    expect(inlineScriptHashes("<!--<script>--><script>run()</script>")).toEqual([hash("run()")]);
    expect(
      inlineScriptHashes("<textarea><script>evil()</script></textarea><title><script>evil()</script></title>"),
    ).toEqual([]);
  });

  it("R-SEC-XSS upper- and mixed-case tags and attribute names are read as lower case", () => {
    expect(inlineScriptHashes("<SCRIPT>run(1)</SCRIPT><Script>run(2)</sCrIpT >")).toEqual([
      hash("run(1)"),
      hash("run(2)"),
    ]);
    expect(inlineScriptHashes('<SCRIPT TYPE="Application/JSON">{}</SCRIPT><SCRIPT SRC="/a.js"></SCRIPT>')).toEqual([]);
  });

  it("R-SEC-XSS attributes without quotes are read whole", () => {
    expect(inlineScriptHashes("<script type=application/json>{}</script>")).toEqual([]);
    expect(inlineScriptHashes("<script type=application/ld+json id=data>{}</script>")).toEqual([]);
    expect(inlineScriptHashes("<script type=module>run(1)</script>")).toEqual([hash("run(1)")]);
    expect(inlineScriptHashes("<script async src=/davmu/share/a.js></script><script src>x()</script>")).toEqual([]);
    // an attribute without a value is an empty type: a script
    expect(inlineScriptHashes("<script type>run(2)</script>")).toEqual([hash("run(2)")]);
  });

  it("R-SEC-XSS a type= or src= inside another attribute's value is no type and no source", () => {
    expect(inlineScriptHashes('<script data-note="type=application/json">run(1)</script>')).toEqual([hash("run(1)")]);
    expect(inlineScriptHashes("<script title='x type=application/json'>run(2)</script>")).toEqual([hash("run(2)")]);
    expect(inlineScriptHashes('<script data-a="src=/x.js" data-src="/y.js">run(3)</script>')).toEqual([hash("run(3)")]);
  });

  it("R-SEC-XSS of a repeated attribute the first counts", () => {
    expect(inlineScriptHashes('<script type="module" type="application/json">run(1)</script>')).toEqual([
      hash("run(1)"),
    ]);
    expect(inlineScriptHashes('<script type="application/json" type="module">{}</script>')).toEqual([]);
  });

  it("R-SEC-XSS a script's text is hashed as written: markup-like text and entities inside it are not read", () => {
    const text = 'if (a<b && c>d) say("</scrip", "&amp;", "<p>")';
    expect(inlineScriptHashes(`<script>${text}</script>`)).toEqual([hash(text)]);
  });
});
