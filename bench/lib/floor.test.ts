import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFloorServer, stripScripts } from "./floor.ts";

const page = `<!DOCTYPE html><html lang="zh-CN"><head><meta charset="utf-8"/>
<link rel="stylesheet" href="/assets/root-AbC.css"/>
<link rel="modulepreload" href="/assets/islands-Xy.js"/>
<link rel="preload" as="script" href="/assets/tracker-Q.js"/>
<link rel="preload" as="image" href="/media/covers/a.jpg" fetchPriority="high"/>
<style>.banner{color:red}</style>
<script type="application/ld+json">{"@type":"NewsArticle","headline":"<b>标题</b>"}</script>
</head><body><h1 class="article-title" style="margin: 0 auto">标题</h1>
<img alt="一张 图片" src="/media/a.jpg" onload="this.dataset.loaded = 'yes'" width="3"/>
<button type="button" class="banner-open" onclick='go()'>打开App</button>
<script type="application/json" id="island-page" nonce="n1">{"a":"</scrip"}</script>
<script type="module" nonce="n1">import("/assets/islands-Xy.js")</script>
<script nonce="n1">$RC=function(){}</SCRIPT >
<p>正文 &lt;script&gt; 不是脚本</p>
</body></html>`;

describe("the floor of a page: its HTML and CSS with every script removed", () => {
  it("R-WEB-ISLAND-3 removes every script element, module preload, script preload and inline handler", () => {
    const floor = stripScripts(page);
    expect(floor).not.toMatch(/<script/i);
    expect(floor).not.toContain("modulepreload");
    expect(floor).not.toContain("tracker-Q.js");
    expect(floor).not.toMatch(/\sonload=|\sonclick=/);
    expect(floor).not.toContain("$RC");
    expect(floor).not.toContain("island-page");
  });

  it("R-WEB-ISLAND-3 keeps the stylesheets, style elements, style attributes, other preloads and the text", () => {
    const floor = stripScripts(page);
    expect(floor).toContain('<link rel="stylesheet" href="/assets/root-AbC.css"/>');
    expect(floor).toContain('<link rel="preload" as="image" href="/media/covers/a.jpg" fetchPriority="high"/>');
    expect(floor).toContain("<style>.banner{color:red}</style>");
    expect(floor).toContain('<h1 class="article-title" style="margin: 0 auto">标题</h1>');
    expect(floor).toContain('<img alt="一张 图片" src="/media/a.jpg" width="3"/>');
    expect(floor).toContain('<button type="button" class="banner-open">打开App</button>');
    expect(floor).toContain("<p>正文 &lt;script&gt; 不是脚本</p>");
    expect(floor).toMatch(/<\/body><\/html>$/);
  });

  it("R-WEB-ISLAND-3 a script left open takes the rest of the document, as in a browser", () => {
    expect(stripScripts("<p>前</p><script>let a = 1;<p>后</p>")).toBe("<p>前</p>");
  });

  describe("served on loopback in front of the site", () => {
    let site: ReturnType<typeof createServer>;
    let siteOrigin = "";
    const hits: string[] = [];
    beforeAll(async () => {
      site = createServer((request, response) => {
        hits.push(`${request.method} ${request.url}`);
        if (request.url?.startsWith("/assets/")) {
          response.writeHead(200, { "content-type": "text/css", "cache-control": "max-age=60" });
          response.end("h1{color:blue}");
        } else if (request.url === "/old") {
          response.writeHead(302, { location: `${siteOrigin}/davmu/share/a/index.html?x=1` });
          response.end();
        } else if (request.url === "/br/index.html") {
          response.writeHead(200, { "content-type": "text/html; charset=utf-8", "content-encoding": "br" });
          response.end(brotliCompressSync(Buffer.from(page)));
        } else {
          response.writeHead(200, { "content-type": "text/html; charset=utf-8", "set-cookie": ["a=1", "b=2"] });
          response.end(page);
        }
      });
      await new Promise<void>((resolve) => site.listen(0, "127.0.0.1", resolve));
      siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

    it("R-WEB-ISLAND-3 a page at the same path, stripped, fetched from the site once and compressed as the site sent it; other requests pass as they are", async () => {
      const floor = await startFloorServer(siteOrigin);
      try {
        const url = floor.url(`${siteOrigin}/davmu/share/a/index.html?x=1`);
        expect(url).toBe(`${floor.origin}/davmu/share/a/index.html?x=1`);
        const headers = { accept: "text/html", "user-agent": "phone" };
        const first = await fetch(url, { headers });
        expect(first.status).toBe(200);
        expect(first.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
        const html = await first.text();
        expect(html).toBe(stripScripts(page));
        expect(await (await fetch(url, { headers })).text()).toBe(html);
        expect(hits.filter((hit) => hit === "GET /davmu/share/a/index.html?x=1")).toHaveLength(1);
        const css = await fetch(`${floor.origin}/assets/root-AbC.css`);
        expect([css.headers.get("content-type"), css.headers.get("cache-control"), await css.text()]).toEqual([
          "text/css",
          "max-age=60",
          "h1{color:blue}",
        ]);
        const compressed = await fetch(`${floor.origin}/br/index.html`, { headers });
        expect(compressed.headers.get("content-encoding")).toBe("br");
        expect(await compressed.text()).toBe(stripScripts(page));
        const moved = await fetch(`${floor.origin}/old`, { redirect: "manual" });
        expect([moved.status, moved.headers.get("location")]).toEqual([302, `${url}`]);
      } finally {
        await floor.close();
      }
    });
  });
});
