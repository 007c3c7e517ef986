import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  articleBodySeal,
  articleBodySealPrefix,
  articleSanitizerVersion,
  isSanitizedKept,
  isSealedArticleBody,
  sanitizeArticleHtml,
  sanitizedKept,
  sanitizedKeptNow,
  servedArticleBody,
  storedArticleBody,
} from "./sanitize-html.ts";

describe("sanitizeArticleHtml", () => {
  it("R-ENT-CONTENT keeps article structure: paragraphs, headings, quotes, figures", () => {
    const html =
      '<h2>小标题</h2><p>正文<strong>重点</strong></p><blockquote>引语</blockquote><figure><img src="/media/covers/a.jpg" alt="图"><figcaption>图注</figcaption></figure>';
    const clean = sanitizeArticleHtml(html);
    expect(clean).toContain("<h2>小标题</h2>");
    expect(clean).toContain("<strong>重点</strong>");
    expect(clean).toContain("<blockquote>引语</blockquote>");
    expect(clean).toContain('<img src="/media/covers/a.jpg" alt="图" loading="lazy" />');
    expect(clean).toContain("<figcaption>图注</figcaption>");
  });

  it("R-ENT-CONTENT removes scripts, event handlers, frames, styles and javascript: links", () => {
    const clean = sanitizeArticleHtml(
      '<p style="color:red" onclick="x()">a</p><script>steal()</script><iframe src="https://evil"></iframe><a href="javascript:alert(1)">b</a><img src="x" onerror="y()"><svg onload="z()"></svg>',
    );
    expect(clean).not.toMatch(/script|onclick|onerror|onload|iframe|style=|javascript:|<svg/i);
    expect(clean).toContain("<p>a</p>");
  });

  it("R-ENT-CONTENT links open safely in a new tab", () => {
    expect(sanitizeArticleHtml('<a href="https://example.com">x</a>')).toBe(
      '<a href="https://example.com" rel="noopener noreferrer nofollow" target="_blank">x</a>',
    );
  });

  it("R-ENT-CONTENT a body read again answers from the kept bodies, an edited one is sanitized anew", () => {
    const body = '<p onclick="x()">第一版<script>steal()</script></p>';
    expect(isSanitizedKept(body)).toBe(false);
    const first = sanitizeArticleHtml(body);
    expect(first).toBe("<p>第一版</p>");
    expect(isSanitizedKept(body)).toBe(true);
    const count = sanitizedKeptNow().count;
    // the same text read again (another string, as a database read gives) is not kept twice
    const again = sanitizeArticleHtml(["<p onclick=", '"x()">第一版<script>steal()</script></p>'].join(""));
    expect(again).toBe(first);
    expect(sanitizedKeptNow().count).toBe(count);
    const edited = '<p onclick="x()">第二版<img src="javascript:alert(1)"></p>';
    expect(sanitizeArticleHtml(edited)).toBe('<p>第二版<img loading="lazy" /></p>');
    expect(sanitizedKeptNow().count).toBe(count + 1);
    expect(sanitizeArticleHtml(body)).toBe("<p>第一版</p>");
  });

  it("R-ENT-CONTENT the kept bodies are bounded in number and characters, the least recently read going first; a very long body is never kept", () => {
    const bodyOf = (i: number) => `<p>第${i}段</p><script>${i}</script>`;
    for (let i = 0; i < sanitizedKept.entries; i++) sanitizeArticleHtml(bodyOf(i));
    expect(sanitizedKeptNow().count).toBe(sanitizedKept.entries);
    // body 0 read again is the most recent now: the next new body pushes out body 1, not body 0
    sanitizeArticleHtml(bodyOf(0));
    sanitizeArticleHtml(bodyOf(sanitizedKept.entries));
    expect(sanitizedKeptNow().count).toBe(sanitizedKept.entries);
    expect(isSanitizedKept(bodyOf(0))).toBe(true);
    expect(isSanitizedKept(bodyOf(1))).toBe(false);
    expect(isSanitizedKept(bodyOf(sanitizedKept.entries))).toBe(true);
    // too long to keep: answered, not kept
    const long = `<p>${"长".repeat(sanitizedKept.maxLength)}</p><script>x</script>`;
    expect(sanitizeArticleHtml(long)).toBe(`<p>${"长".repeat(sanitizedKept.maxLength)}</p>`);
    expect(isSanitizedKept(long)).toBe(false);
    // long bodies under the limit: the characters kept stay within their bound
    for (let i = 0; i < 40; i++) sanitizeArticleHtml(`<p>${String(i).repeat(100_000)}</p>`);
    expect(sanitizedKeptNow().characters).toBeLessThanOrEqual(sanitizedKept.maxCharacters);
    expect(sanitizedKeptNow().count).toBeLessThan(sanitizedKept.entries);
  });

  it("R-ENT-CONTENT a body is stored cleaned and sealed, and served as stored only while it matches its seal", () => {
    const hostile = '<p onclick="x()">正文<script>alert(1)</script></p><a href="https://example.com/a">链接</a>';
    const stored = storedArticleBody(hostile);
    expect(stored).toEqual({
      body_html: sanitizeArticleHtml(hostile),
      body_clean_version: articleSanitizerVersion,
      body_clean_seal: articleBodySeal(sanitizeArticleHtml(hostile)),
    });
    expect(stored.body_html).not.toMatch(/script|onclick/);
    expect(stored.body_clean_seal).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // cleaning a cleaned body changes nothing: served as stored, it is what a read would have made
    expect(sanitizeArticleHtml(stored.body_html)).toBe(stored.body_html);
    expect(servedArticleBody(stored.body_html, stored.body_clean_seal)).toBe(stored.body_html);
    // a body changed by a writer that did not clean it keeps the old seal, so it is cleaned as it is read
    expect(servedArticleBody(hostile, stored.body_clean_seal)).toBe(sanitizeArticleHtml(hostile));
    expect(servedArticleBody(`${stored.body_html}<script>x</script>`, stored.body_clean_seal)).toBe(stored.body_html);
    // no seal, a seal of another body, the seal's own text, its case changed: cleaned
    for (const seal of ["", articleBodySeal("<p>别的正文</p>"), "seal", stored.body_clean_seal.toUpperCase()]) {
      expect(servedArticleBody(hostile, seal)).toBe(sanitizeArticleHtml(hostile));
      expect(isSealedArticleBody(hostile, seal)).toBe(false);
    }
    // an empty body is sealed like any other, and "" never passes for a seal
    expect(storedArticleBody("")).toEqual({
      body_html: "",
      body_clean_version: articleSanitizerVersion,
      body_clean_seal: articleBodySeal(""),
    });
    expect(isSealedArticleBody("", "")).toBe(false);
  });

  it("R-ENT-CONTENT a seal is bound to the rules' version and the library's: the same body sealed under another does not match", () => {
    const body = "<p>正文</p>";
    const sealUnder = (prefix: string) => createHash("sha256").update(prefix).update(body).digest("base64url");
    expect(articleBodySealPrefix).toMatch(
      new RegExp(`^${articleSanitizerVersion}/sanitize-html@\\d+\\.\\d+\\.\\d+\\n$`),
    );
    expect(articleBodySeal(body)).toBe(sealUnder(articleBodySealPrefix));
    for (const prefix of [
      articleBodySealPrefix.replace(/^\d+/, String(articleSanitizerVersion + 1)),
      articleBodySealPrefix.replace(/@[^\n]+/, "@0.0.1"),
      `${articleSanitizerVersion}\n`,
    ]) {
      expect(isSealedArticleBody(body, sealUnder(prefix)), prefix).toBe(false);
    }
    // and bound to every character of the body
    expect(articleBodySeal(body)).not.toBe(articleBodySeal("<p>正文 </p>"));
  });
});
