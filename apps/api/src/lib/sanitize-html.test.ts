import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml, sanitizedKept, sanitizedKeptCount } from "./sanitize-html.ts";

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
    const first = sanitizeArticleHtml(body);
    // the same text read again (another string object, as a database read gives)
    const again = sanitizeArticleHtml(["<p onclick=", '"x()">第一版<script>steal()</script></p>'].join(""));
    expect(again).toBe(first);
    expect(first).toBe("<p>第一版</p>");
    const edited = sanitizeArticleHtml('<p onclick="x()">第二版<img src="javascript:alert(1)"></p>');
    expect(edited).toBe('<p>第二版<img loading="lazy" /></p>');
    expect(sanitizeArticleHtml(body)).toBe("<p>第一版</p>");
  });

  it("R-ENT-CONTENT the kept bodies are bounded in number, and a very long body is never kept", () => {
    for (let i = 0; i < sanitizedKept.entries * 2; i++) sanitizeArticleHtml(`<p>第${i}段</p><script>${i}</script>`);
    expect(sanitizedKeptCount()).toBe(sanitizedKept.entries);
    const before = sanitizedKeptCount();
    const long = `<p>${"长".repeat(sanitizedKept.maxLength)}</p><script>x</script>`;
    expect(sanitizeArticleHtml(long)).toBe(`<p>${"长".repeat(sanitizedKept.maxLength)}</p>`);
    expect(sanitizedKeptCount()).toBe(before);
    // the most recently read stays kept while older ones go
    const recent = `<p>第${sanitizedKept.entries * 2 - 1}段</p><script>x</script>`;
    expect(sanitizeArticleHtml(recent)).toBe(`<p>第${sanitizedKept.entries * 2 - 1}段</p>`);
  });
});
