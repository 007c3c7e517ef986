import { mkdirSync, mkdtempSync, rmSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { etagMatches, immutableCacheControl, loadBuiltFiles, staticEtag } from "./built-files.ts";

/** Chrome's own Accept-Encoding, and an old Android WebView's (no brotli). */
const chrome = "gzip, deflate, br, zstd";
const oldWebView = "gzip, deflate";

describe("built files answered from memory (decision 103)", () => {
  let dir: string;
  let server: Server;
  let base: string;
  let files: ReturnType<typeof loadBuiltFiles>;
  const script = Buffer.from(`export const words = ${JSON.stringify("新闻".repeat(2000))};\n`);
  const style = Buffer.from(".a{color:red}");
  // under 1 KiB and compressible: the build gives it no twins
  const tiny = Buffer.from(`export const t = "${"江澜新闻 ".repeat(40)}";`);
  const modified = new Date("2026-11-20T08:00:00.000Z");

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "davmu-built-"));
    mkdirSync(join(dir, "assets", "nested"), { recursive: true });
    writeFileSync(join(dir, "assets", "entry-AbC123.js"), script);
    writeFileSync(join(dir, "assets", "entry-AbC123.js.br"), brotliCompressSync(script));
    writeFileSync(join(dir, "assets", "entry-AbC123.js.gz"), gzipSync(script));
    writeFileSync(join(dir, "assets", "nested", "small-XyZ789.css"), style);
    writeFileSync(join(dir, "assets", "tiny-PoI098.js"), tiny);
    writeFileSync(join(dir, "assets", "notes.txt"), "not a built file's type");
    // 1 KiB or more and no twins: a build that skipped precompression
    writeFileSync(join(dir, "assets", "plain-QwE456.js"), `export const a = "${"字".repeat(600)}";`);
    for (const name of [
      "entry-AbC123.js",
      "entry-AbC123.js.br",
      "entry-AbC123.js.gz",
      join("nested", "small-XyZ789.css"),
    ])
      utimesSync(join(dir, "assets", name), modified, modified);
    files = loadBuiltFiles(
      [{ dir: join(dir, "assets"), prefix: "/site/assets/", cacheControl: immutableCacheControl }],
      ["x-content-type-options", "nosniff"],
    );
    server = createServer((req, res) => {
      if (files.answer(req, res, "trace-1") !== 0) return;
      res.writeHead(299, { "x-left": "to the server" });
      res.end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  function get(path: string, headers: Record<string, string> = {}, method = "GET") {
    return new Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }>((resolve, reject) => {
      // the path as written (a URL would resolve its dot segments)
      const { hostname, port } = new URL(base);
      const sent = request({ hostname, port, path, method, headers, timeout: 5000 }, (response) => {
        const parts: Buffer[] = [];
        response.on("data", (part: Buffer) => parts.push(part));
        response.on("end", () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(parts) }),
        );
      });
      sent.on("timeout", () => sent.destroy(new Error("no answer within 5 s")));
      sent.on("error", reject);
      sent.end();
    });
  }

  it("R-SITE-1 holds the files of a built type with twins or too small for them, twins included, and none other", () => {
    expect(files.files).toBe(3);
    const tinyForms = tiny.length + brotliCompressSync(tiny).length + gzipSync(tiny, { level: 9 }).length;
    expect(files.bytes).toBe(
      script.length + brotliCompressSync(script).length + gzipSync(script).length + style.length + tinyForms,
    );
  });

  it("R-SITE-1 R-WEB-ISLAND-3 sends the brotli twin to Chrome, the gzip twin to an old web view, the file as built otherwise", async () => {
    const cases: Array<[string | undefined, string | undefined]> = [
      [chrome, "br"],
      [oldWebView, "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["identity", undefined],
      ["compress, x-unknown", undefined],
      [undefined, undefined],
    ];
    for (const [accept, encoding] of cases) {
      const answer = await get("/site/assets/entry-AbC123.js", accept ? { "accept-encoding": accept } : {});
      expect(answer.status, String(accept)).toBe(200);
      expect(answer.headers["content-encoding"], String(accept)).toBe(encoding);
      const expected = encoding === "br" ? brotliCompressSync(script) : encoding === "gzip" ? gzipSync(script) : script;
      expect(answer.body.equals(expected), String(accept)).toBe(true);
      expect(answer.headers).toMatchObject({
        "content-type": "application/javascript; charset=utf-8",
        "content-length": String(expected.length),
        "cache-control": immutableCacheControl,
        vary: "accept-encoding",
        // each variant's own, as the static files give it
        etag: staticEtag(expected.length, modified.getTime()),
        "last-modified": modified.toUTCString(),
        "accept-ranges": "bytes",
        "x-content-type-options": "nosniff",
        "x-trace-id": "trace-1",
      });
    }
  });

  it("R-SITE-1 a small file that compression does not shrink goes as built to every browser, with no Vary; a nested folder and a query are served", async () => {
    const answer = await get("/site/assets/nested/small-XyZ789.css?v=2", { "accept-encoding": chrome });
    expect(answer.status).toBe(200);
    expect(answer.body.equals(style)).toBe(true);
    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect(answer.headers.vary).toBeUndefined();
    expect(answer.headers["content-type"]).toBe("text/css; charset=utf-8");
  });

  it("R-SITE-1 a small file without twins is compressed once as it is read, and decodes to the file", async () => {
    for (const [accept, encoding] of [
      [chrome, "br"],
      [oldWebView, "gzip"],
      ["identity", undefined],
    ] as const) {
      const answer = await get("/site/assets/tiny-PoI098.js", { "accept-encoding": accept });
      expect(answer.status, accept).toBe(200);
      expect(answer.headers["content-encoding"], accept).toBe(encoding);
      expect(answer.headers.vary, accept).toBe("accept-encoding");
      const decoded =
        encoding === "br"
          ? brotliDecompressSync(answer.body)
          : encoding === "gzip"
            ? gunzipSync(answer.body)
            : answer.body;
      expect(decoded.equals(tiny), accept).toBe(true);
      if (encoding) expect(answer.body.length, accept).toBeLessThan(tiny.length);
    }
  });

  it("R-SITE-1 HEAD has the GET's headers and no body", async () => {
    const answer = await get("/site/assets/entry-AbC123.js", { "accept-encoding": chrome }, "HEAD");
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(0);
    expect(answer.headers["content-length"]).toBe(String(brotliCompressSync(script).length));
  });

  it("R-SITE-1 a validator still good is answered 304 without a body; a stale or malformed one, or another encoding's, gets the file", async () => {
    // Chrome holds the brotli answer's validator
    const etag = staticEtag(brotliCompressSync(script).length, modified.getTime());
    const fresh: Record<string, string>[] = [
      { "if-none-match": etag },
      { "if-none-match": etag.replace(/^W\//, "") },
      { "if-none-match": `"other", ${etag}` },
      { "if-none-match": "*" },
      { "if-modified-since": modified.toUTCString() },
      { "if-modified-since": new Date(modified.getTime() + 60_000).toUTCString() },
      // If-None-Match decides where both are sent
      { "if-none-match": etag, "if-modified-since": "Thu, 01 Jan 1970 00:00:00 GMT" },
    ];
    for (const headers of fresh) {
      const answer = await get("/site/assets/entry-AbC123.js", { ...headers, "accept-encoding": chrome });
      expect(answer.status, JSON.stringify(headers)).toBe(304);
      expect(answer.body.length).toBe(0);
      expect(answer.headers).toMatchObject({ etag, "cache-control": immutableCacheControl, vary: "accept-encoding" });
      expect(answer.headers["content-encoding"]).toBeUndefined();
    }
    const stale: Record<string, string>[] = [
      { "if-none-match": '"other"' },
      { "if-none-match": "" },
      { "if-modified-since": new Date(modified.getTime() - 60_000).toUTCString() },
      { "if-modified-since": "yesterday" },
      { "if-none-match": '"other"', "if-modified-since": modified.toUTCString() },
    ];
    for (const headers of stale) {
      const answer = await get("/site/assets/entry-AbC123.js", { ...headers, "accept-encoding": "identity" });
      expect(answer.status, JSON.stringify(headers)).toBe(200);
      expect(answer.body.equals(script)).toBe(true);
    }
    // the file as built is another answer than its brotli twin: its validator does not stand for it
    const other = await get("/site/assets/entry-AbC123.js", {
      "if-none-match": staticEtag(script.length, modified.getTime()),
      "accept-encoding": chrome,
    });
    expect(other.status).toBe(200);
    expect(other.headers["content-encoding"]).toBe("br");
  });

  it("R-SITE-1 leaves to the server what it does not settle: ranges, other conditions, other methods, other addresses, a twin's own address", async () => {
    const left = [
      await get("/site/assets/entry-AbC123.js", { range: "bytes=0-9" }),
      await get("/site/assets/entry-AbC123.js", { "if-match": "*" }),
      await get("/site/assets/entry-AbC123.js", { "if-unmodified-since": modified.toUTCString() }),
      await get("/site/assets/entry-AbC123.js", { "if-range": modified.toUTCString(), range: "bytes=0-1" }),
      await get("/site/assets/entry-AbC123.js", {}, "POST"),
      await get("/site/assets/entry-AbC123.js", {}, "OPTIONS"),
      await get("/site/assets/entry-AbC123.js.br", { "accept-encoding": chrome }),
      await get("/site/assets/notes.txt"),
      await get("/site/assets/plain-QwE456.js", { "accept-encoding": chrome }),
      await get("/site/assets/missing-000000.js"),
      await get("/site/assets/../assets/entry-AbC123.js"),
      await get("/site/assets/entry%2DAbC123.js"),
      await get("/other/entry-AbC123.js"),
    ];
    for (const answer of left) expect(answer.status).toBe(299);
  });

  it("R-SITE-1 compares ETags weakly, as If-None-Match calls for", () => {
    expect(etagMatches('W/"1-2"', 'W/"1-2"')).toBe(true);
    expect(etagMatches('"1-2"', 'W/"1-2"')).toBe(true);
    expect(etagMatches(' "0", W/"1-2" ', 'W/"1-2"')).toBe(true);
    expect(etagMatches('W/"1-3"', 'W/"1-2"')).toBe(false);
    expect(etagMatches("", 'W/"1-2"')).toBe(false);
  });

  it("R-SITE-1 refuses a folder whose address does not end in a slash", () => {
    expect(() => loadBuiltFiles([{ dir, prefix: "/site/assets", cacheControl: immutableCacheControl }])).toThrow(
      /ends in "\/"/,
    );
  });

  it("R-SITE-1 gives the ETag the static files give: size and modification time in hex, weak", () => {
    const { size, mtime } = statSync(join(dir, "assets", "entry-AbC123.js"));
    expect(staticEtag(size, mtime.getTime())).toBe(`W/"${size.toString(16)}-${modified.getTime().toString(16)}"`);
  });
});
