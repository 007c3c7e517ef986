import { existsSync, readdirSync, readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureSiteBuilt, rawGet, startTestServer, type TestServer, testDialect } from "./helper.ts";

const phone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44";

const builds = {
  site: { dir: new URL("../../web/build/client/", import.meta.url).pathname, base: "/davmu/share/" },
  console: { dir: new URL("../../console/build/", import.meta.url).pathname, base: "/editor/console/" },
};

/** The text as React writes it into HTML. */
const asHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One demo item of every content type the app shares, by the external id the demo data gives it. */
const detailPages = [
  "demo-article-01",
  "demo-video-marathon",
  "demo-svideo-ginkgo",
  "demo-audio-morning",
  "demo-audio-album-street",
  "demo-video-album-city",
  "demo-gallery-autumn",
  "demo-live-marathon",
  "demo-mini-program-service",
  "demo-special-renewal",
];

describe(`every page type rendered on the server from the API (${testDialect})`, () => {
  let server: TestServer;
  let token: string;
  const previousApiBase = process.env.API_BASE;

  beforeAll(async () => {
    ensureSiteBuilt();
    server = await startTestServer({ SERVE_WEB: "true" });
    await server.seedDemo();
    // the site's server-side calls go to this test server
    process.env.API_BASE = server.base;
    token = await server.anonymousToken();
  }, 120000);
  afterAll(async () => {
    process.env.API_BASE = previousApiBase;
    await server?.close();
  });

  const page = async (path: string) => {
    const response = await fetch(server.base + path, { headers: { "user-agent": phone }, redirect: "manual" });
    return { status: response.status, type: response.headers.get("content-type"), html: await response.text() };
  };

  it.each(detailPages)(
    "R-WEB-SSR R-ROUTE-1 the %s page holds its title and lead in the server's HTML",
    async (externalId) => {
      const postId = await server.demoPostId(externalId);
      const { body } = await server.get(`/inner/static/content/${postId}`, token);
      expect(body.code).toBe(0);
      const item = body.data as { title: string; summary?: string; share_link: string; content_type: string };
      const answer = await page(new URL(item.share_link).pathname);
      expect(answer.status).toBe(200);
      expect(answer.type).toMatch(/^text\/html/);
      // the headline as the page's heading, and the lead, in the HTML itself (not only in hydration data)
      const headings = [...answer.html.matchAll(/<h1\b[^>]*>([^<]*)<\/h1>/g)].map((m) => m[1]);
      expect(headings).toContain(asHtml(item.title));
      if (item.summary) expect(answer.html.includes(`>${asHtml(item.summary)}<`), "lead").toBe(true);
    },
  );

  it("R-WEB-SSR R-UI-LISTS an article's hot and recommended lists, come by the time it renders, are drawn in place: no hidden part after the page, no script to move them", async () => {
    const postId = await server.demoPostId("demo-article-01");
    const { body } = await server.get(`/inner/static/content/${postId}`, token);
    const path = new URL((body.data as { share_link: string }).share_link).pathname;
    // the first render fetches the lists the renders then share for a few seconds
    expect((await page(`${path}?lists=first`)).status).toBe(200);
    // a query of its own: rendered, not answered from the page cache
    const { status, html } = await page(`${path}?lists=second`);
    expect(status).toBe(200);
    const main = html.slice(0, html.indexOf("</main>"));
    expect(main).toContain('data-testid="hot-list"');
    expect(main).toContain('data-testid="recommend-list"');
    expect(html).not.toMatch(/<div hidden id="S:\d+"/);
    expect(html).not.toContain("$RC(");
  });

  it("R-SITE-2 R-SHARE-1 every detail page's description meta is the item's summary, the same as og:description; pages of no one item keep the site's", async () => {
    /** The content of each `<meta {key}="{value}">` of the HTML, in order. */
    const metas = (html: string, key: string, value: string) =>
      [...html.matchAll(/<meta\b[^>]*>/g)]
        .map((m) => m[0])
        .filter((tag) => tag.includes(` ${key}="${value}"`))
        .map((tag) => tag.match(/ content="([^"]*)"/)?.[1]);
    const generic = metas((await page("/davmu/share/")).html, "name", "description");
    expect(generic).toHaveLength(1);
    expect(generic[0]).toMatch(/\S/);
    const summaries = new Set<string>();
    for (const externalId of [...detailPages, "demo-form-volunteers"]) {
      const postId = await server.demoPostId(externalId);
      const { body } = await server.get(`/inner/static/content/${postId}`, token);
      const item = body.data as { title: string; summary: string; share_link: string };
      const { status, html } = await page(new URL(item.share_link).pathname);
      expect(status, externalId).toBe(200);
      const description = metas(html, "name", "description");
      expect(description, externalId).toHaveLength(1);
      expect(description, externalId).toEqual(metas(html, "property", "og:description"));
      // the item's own words: its summary, or its title when it has none (as og:description)
      expect(description[0], externalId).toBe(asHtml(item.summary || item.title));
      expect(description[0], externalId).not.toBe(generic[0]);
      summaries.add(item.summary);
    }
    // the demo items carry summaries of their own: the check above is not met by titles alone
    expect([...summaries].filter(Boolean).length).toBeGreaterThan(5);
  });

  it("R-WEB-SSR each page type inlines the site's stylesheet and only the parts of it its page draws with", async () => {
    // one rule of each part of the stylesheet (apps/web/app/styles/), as the build minifies it
    const rules = {
      media: ".video-stage{",
      album: ".album-head{",
      gallery: ".gallery-page{",
      live: ".live-badge{",
      "mini-program": ".mini-card{",
      special: ".special-banner{",
    };
    const expected: Record<string, Array<keyof typeof rules>> = {
      "demo-article-01": [],
      "demo-video-marathon": ["media"],
      "demo-audio-album-street": ["media", "album"],
      "demo-gallery-autumn": ["gallery"],
      "demo-live-marathon": ["media", "live"],
      "demo-mini-program-service": ["mini-program"],
      "demo-special-renewal": ["special"],
    };
    for (const [externalId, parts] of Object.entries(expected)) {
      const postId = await server.demoPostId(externalId);
      const { body } = await server.get(`/inner/static/content/${postId}`, token);
      const { html } = await page(new URL(body.data.share_link).pathname);
      const css = /<style id="critical-css">([^<]*)<\/style>/.exec(html)?.[1] ?? "";
      expect(css, externalId).toContain(".article-title{");
      for (const [part, rule] of Object.entries(rules)) {
        expect(css.split(rule).length - 1, `${externalId}: ${part}`).toBe(
          parts.includes(part as keyof typeof rules) ? 1 : 0,
        );
      }
    }
  });

  it("R-ROUTE-1 the home, list, fly-card, content-module and search pages render their lists on the server", async () => {
    const list = (await server.get("/peony/v1/content?pagesize=10", token)).body.data.list as Array<{ title: string }>;
    expect(list.length).toBeGreaterThan(0);
    for (const path of ["/davmu/share/", "/davmu/share/list/index.html", "/davmu/share/fly_card/index.html"]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(200);
      for (const item of list.slice(0, 3))
        expect(answer.html.includes(asHtml(item.title)), `${path}: ${item.title}`).toBe(true);
    }
    const module = await page("/davmu/share/content_model/index.html?id=nav-life&group=life");
    expect(module.status).toBe(200);
    expect(module.html.includes('class="card'), "content-module cards").toBe(true);
    const search = await page("/davmu/share/search/index.html");
    expect(search.status).toBe(200);
    const hotWords = (await server.get("/peony/v1/search/hot-words", token)).body.data.list as Array<{ word: string }>;
    expect(hotWords.length).toBeGreaterThan(0);
    expect(search.html.includes(`>${asHtml(hotWords[0]?.word ?? "")}<`), "hot word").toBe(true);
  });

  it("R-ROUTE-1 a fly-card list fetches its first cover at once and first, and the others lazily", async () => {
    const answer = await page("/davmu/share/fly_card/index.html");
    expect(answer.status).toBe(200);
    const covers = [...answer.html.matchAll(/<img class="fly-card-cover"[^>]*>/g)].map((m) => m[0]);
    expect(covers.length).toBeGreaterThan(2);
    // HTML attribute names are case-insensitive (React writes fetchPriority)
    expect(covers[0]).toMatch(/ fetchpriority="high"/i);
    expect(covers[0]).not.toMatch(/ loading=/i);
    for (const cover of covers.slice(1)) {
      expect(cover).toMatch(/ loading="lazy"/i);
      expect(cover).not.toMatch(/ fetchpriority=/i);
    }
  });

  it("R-SITE-1 R-WEB-ISLAND-3 the built scripts and styles go out as the build compressed them: brotli, else gzip, else as built, byte for byte", async () => {
    // what the home page and the console's page link, as a browser finds them
    const home = await page("/davmu/share/");
    const consoleIndex = await (await fetch(`${server.base}/editor/console/`)).text();
    const linked = [
      ...new Set(
        [
          ...`${home.html}${consoleIndex}`.matchAll(/\/(?:davmu\/share|editor\/console)\/assets\/[\w.-]+\.(?:js|css)/g),
        ].map((m) => m[0]),
      ),
    ];
    expect(linked.filter((path) => path.endsWith(".js")).length).toBeGreaterThan(1);
    expect(linked.some((path) => path.startsWith("/editor/console/"))).toBe(true);
    const chrome = "gzip, deflate, br, zstd";
    let twins = 0;
    for (const path of linked) {
      const build = path.startsWith(builds.console.base) ? builds.console : builds.site;
      const file = build.dir + path.slice(build.base.length);
      const built = readFileSync(file);
      const hasTwins = existsSync(`${file}.br`);
      if (!hasTwins) continue;
      twins++;
      // a browser that takes brotli gets the build's brotli, which decodes to the built file
      const br = await rawGet(server.base + path, { "accept-encoding": chrome });
      expect(br.status, path).toBe(200);
      expect(br.headers["content-encoding"], path).toBe("br");
      expect(br.body.equals(readFileSync(`${file}.br`)), path).toBe(true);
      expect(brotliDecompressSync(br.body).equals(built), path).toBe(true);
      expect(br.headers["content-type"], path).toMatch(path.endsWith(".js") ? /javascript/ : /^text\/css/);
      expect(br.headers.vary, path).toMatch(/accept-encoding/i);
      expect(br.headers["cache-control"], path).toContain("immutable");
      expect(br.headers["x-content-type-options"], path).toBe("nosniff");
      // gzip where brotli is refused or not offered (an old WebView)
      for (const accept of ["gzip, deflate", "br;q=0, gzip"]) {
        const gz = await rawGet(server.base + path, { "accept-encoding": accept });
        expect(gz.headers["content-encoding"], `${path} ${accept}`).toBe("gzip");
        expect(gunzipSync(gz.body).equals(built), `${path} ${accept}`).toBe(true);
      }
      // no encoding asked for, or only ones no build has: the file as built
      for (const accept of [undefined, "identity", "x-unknown, compress"]) {
        const plain = await rawGet(server.base + path, accept ? { "accept-encoding": accept } : {});
        expect(plain.status, `${path} ${accept}`).toBe(200);
        expect(plain.headers["content-encoding"] ?? "identity", `${path} ${accept}`).toBe("identity");
        expect(plain.body.equals(built), `${path} ${accept}`).toBe(true);
      }
      const head = await rawGet(server.base + path, { "accept-encoding": chrome }, "HEAD");
      expect(head.status, path).toBe(200);
      expect(head.headers["content-encoding"], path).toBe("br");
      expect(head.body.length, path).toBe(0);
      // the twins are no addresses of their own
      for (const suffix of [".br", ".gz"]) {
        const twin = await rawGet(server.base + path + suffix, { "accept-encoding": chrome });
        expect(twin.status, path + suffix).toBe(404);
      }
    }
    expect(twins).toBeGreaterThan(1);
  });

  it("R-SITE-1 the built files are answered from memory with the static files' headers; a range or If-Match is still answered by the static files", async () => {
    const chrome = "gzip, deflate, br, zstd";
    const assets = `${builds.site.dir}assets/`;
    const name = readdirSync(assets).find((file) => file.endsWith(".js") && existsSync(`${assets}${file}.br`));
    const consoleName = readdirSync(`${builds.console.dir}assets/`).find((file) => file.endsWith(".css"));
    expect(name && consoleName).toBeTruthy();
    const counted = async () => {
      const text = await server.app.metrics.registry.getSingleMetricAsString("davmu_http_requests_total");
      return [...text.matchAll(/route="built-file",method="(GET|HEAD)",status="(\d+)"} (\d+)/g)].reduce(
        (sum, m) => sum + Number(m[3]),
        0,
      );
    };
    const before = await counted();
    for (const path of [`/davmu/share/assets/${name}`, `/editor/console/assets/${consoleName}`]) {
      const early = await rawGet(server.base + path, { "accept-encoding": chrome });
      // If-Match is left to the static files, which then answer as they always did
      const fromDisk = await rawGet(server.base + path, { "accept-encoding": chrome, "if-match": "*" });
      expect(early.status, path).toBe(200);
      expect(fromDisk.status, path).toBe(200);
      expect(early.body.equals(fromDisk.body), path).toBe(true);
      const compared = [
        "content-type",
        "content-length",
        "content-encoding",
        "etag",
        "last-modified",
        "cache-control",
        "vary",
        "accept-ranges",
        "content-security-policy",
        "x-content-type-options",
        "cross-origin-resource-policy",
      ];
      const pick = (headers: Record<string, unknown>) => compared.map((header) => [header, headers[header]]);
      expect(pick(early.headers), path).toEqual(pick(fromDisk.headers));
      // what a document alone reads is left off a stored file (decision 078)
      expect(early.headers["x-frame-options"], path).toBeUndefined();
      expect(early.headers["x-trace-id"], path).toMatch(/^[0-9a-f-]{36}$/);

      // the browser's copy is still good: 304, no body
      const revalidated = await rawGet(server.base + path, {
        "accept-encoding": chrome,
        "if-none-match": String(early.headers.etag),
      });
      expect(revalidated.status, path).toBe(304);
      expect(revalidated.body.length, path).toBe(0);
      expect(revalidated.headers.etag, path).toBe(early.headers.etag);
    }
    // memory answered each plain GET and the 304s (not the If-Match ones)
    expect((await counted()) - before).toBe(4);

    // a byte range goes to the static files (206 with the bytes asked for)
    const built = readFileSync(`${assets}${name}`);
    const range = await rawGet(`${server.base}/davmu/share/assets/${name}`, { range: "bytes=0-9" });
    expect(range.status).toBe(206);
    expect(range.body.equals(built.subarray(0, 10))).toBe(true);
    // a request for a file that is not there, or one with a query, as before
    expect((await rawGet(`${server.base}/davmu/share/assets/missing-00000000.js`, {})).status).toBe(404);
    const withQuery = await rawGet(`${server.base}/davmu/share/assets/${name}?v=1`, {});
    expect(withQuery.status).toBe(200);
    expect(withQuery.body.equals(built)).toBe(true);
  });

  it("R-CONSOLE-4 the console's page and the site's name an icon the server has (a browser asks /favicon.ico otherwise, a 404 on every visit)", async () => {
    const consoleIndex = await (await fetch(`${server.base}/editor/console/`)).text();
    const home = await page("/davmu/share/");
    for (const html of [consoleIndex, home.html]) {
      const icon = html.match(/<link [^>]*rel="icon" href="([^"]+)"/)?.[1];
      expect(icon).toBeDefined();
      const answer = await rawGet(server.base + String(icon), {});
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe("image/png");
    }
  });

  it("R-SITE-1 a built file too small for a compressed twin still goes out whole, compressed on the way or not", async () => {
    const assets = `${builds.site.dir}assets/`;
    const small = readdirSync(assets).find((name) => name.endsWith(".js") && !existsSync(`${assets}${name}.br`));
    expect(small).toBeDefined();
    const built = readFileSync(`${assets}${small}`);
    const answer = await rawGet(`${server.base}/davmu/share/assets/${small}`, {
      "accept-encoding": "gzip, deflate, br",
    });
    expect(answer.status).toBe(200);
    const coding = answer.headers["content-encoding"] ?? "identity";
    const decoded =
      coding === "br" ? brotliDecompressSync(answer.body) : coding === "gzip" ? gunzipSync(answer.body) : answer.body;
    expect(decoded.equals(built)).toBe(true);
  });

  it("R-ROUTE-1 the routes of later screens and unknown paths answer the not-found page with 404", async () => {
    for (const path of ["/davmu/share/dejin/index.html", "/davmu/share/invite/index.html", "/davmu/share/nope"]) {
      const answer = await page(path);
      expect(answer.status, path).toBe(404);
      expect(answer.type).toMatch(/^text\/html/);
    }
  });
});
