import { describe, expect, it } from "vitest";
import { sanitizeArticleHtml } from "./sanitize-html.ts";

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
});
