import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createResponseCache, encodedBody, encodingFor, negotiateEncoding } from "./response-cache.ts";

const page = (text: string, tags: string[] = []) => ({
  status: 200,
  headers: { "content-type": "text/html" },
  body: Buffer.from(text),
  tags,
});

describe("response cache", () => {
  it("keeps a response with its gzip and brotli forms", () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 1000 });
    cache.set("/a", page("<p>一篇文章</p>".repeat(50)));
    const entry = cache.get("/a");
    expect(entry?.body.toString()).toContain("一篇文章");
    expect(gunzipSync(entry?.gzip as Buffer).equals(entry?.body as Buffer)).toBe(true);
    expect(brotliDecompressSync(entry?.br as Buffer).equals(entry?.body as Buffer)).toBe(true);
  });

  it("stores a page compressed off the event loop, each encoding with its length, smaller than set's brotli", async () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 1000 });
    const html = page(
      "<article><h1>老街修表匠</h1><p>柜台后坚守了三十八年，修过的钟表数以万计。</p></article>".repeat(40),
    );
    const quick = cache.set("/quick", html);
    const kept = await cache.store("/kept", html);
    expect(kept).not.toBeNull();
    const stored = kept as NonNullable<typeof kept>;
    expect(cache.get("/kept")).toBe(stored);
    expect(brotliDecompressSync(stored.br).equals(html.body)).toBe(true);
    expect(gunzipSync(stored.gzip).equals(html.body)).toBe(true);
    expect(stored.br.length).toBeLessThanOrEqual(quick.br.length);
    for (const encoding of ["br", "gzip", "identity"] as const) {
      const answer = encodedBody(stored, encoding);
      expect(answer.headers["content-length"]).toBe(String(answer.body.length));
    }
  });

  it("does not store a page whose data changed while it was compressed", async () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 1000 });
    const generation = cache.generation;
    const storing = cache.store("/changed", page("<p>旧内容</p>"), undefined, () => cache.generation === generation);
    cache.invalidate("content");
    expect(await storing).toBeNull();
    expect(cache.get("/changed")).toBeUndefined();
  });

  it("expires entries after the TTL; an entry may ask for less, never for more", () => {
    let clock = 0;
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 1000, now: () => clock });
    cache.set("/long", page("x"), 60_000);
    cache.set("/short", page("y"), 100);
    clock = 99;
    expect(cache.get("/short")).toBeDefined();
    clock = 100;
    expect(cache.get("/short")).toBeUndefined();
    expect(cache.get("/long")).toBeDefined();
    clock = 1000;
    expect(cache.get("/long")).toBeUndefined();
  });

  it("drops the least recently used entry when full", () => {
    const cache = createResponseCache({ maxEntries: 2, ttlMs: 1000 });
    cache.set("/a", page("a"));
    cache.set("/b", page("b"));
    cache.get("/a");
    cache.set("/c", page("c"));
    expect(cache.get("/b")).toBeUndefined();
    expect(cache.get("/a")).toBeDefined();
    expect(cache.get("/c")).toBeDefined();
    expect(cache.size).toBe(2);
  });

  it("drops every entry of a tag at once, and only those", () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 1000 });
    cache.set("/1", page("1", ["content:1"]));
    cache.set("/2", page("2", ["content:2", "content:1"]));
    cache.set("/3", page("3", ["content:3"]));
    expect(cache.invalidate("content:1")).toBe(2);
    expect(cache.get("/1")).toBeUndefined();
    expect(cache.get("/2")).toBeUndefined();
    expect(cache.get("/3")).toBeDefined();
  });

  it("answers in the best encoding the client accepts", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("deflate")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
    expect(negotiateEncoding("*")).toBe("br");
    const entry = createResponseCache({ maxEntries: 1, ttlMs: 1000 }).set("/", page("hello"));
    expect(encodedBody(entry, "gzip").headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding" });
    expect(encodedBody(entry, "identity").headers["content-encoding"]).toBeUndefined();
    expect(encodedBody(entry, "identity").body.toString()).toBe("hello");
  });

  it("builds each encoding's body and headers once, when the response is stored", () => {
    const cache = createResponseCache({ maxEntries: 1, ttlMs: 1000 });
    cache.set("/", page("<p>一篇文章</p>".repeat(20)));
    const first = cache.get("/") as NonNullable<ReturnType<typeof cache.get>>;
    const second = cache.get("/") as NonNullable<ReturnType<typeof cache.get>>;
    for (const encoding of ["br", "gzip", "identity"] as const) {
      // every hit is handed the same objects: nothing is copied or compressed per hit
      expect(encodedBody(second, encoding)).toBe(encodedBody(first, encoding));
    }
    expect(encodedBody(first, "br").body).toBe(first.br);
    expect(encodedBody(first, "br").headers).toEqual({
      "content-type": "text/html",
      vary: "Accept-Encoding",
      "content-encoding": "br",
      "content-length": String(first.br.length),
    });
    // the same headers as the flat list Node's writeHead takes
    for (const encoding of ["br", "gzip", "identity"] as const) {
      const { headers, headerList } = encodedBody(first, encoding);
      expect(headerList).toEqual(Object.entries(headers).flat());
    }
  });

  it("remembers each Accept-Encoding value's answer, the same as negotiating it", () => {
    for (const header of ["gzip, deflate, br", "gzip, br;q=0", "deflate", "*", "", undefined]) {
      expect(encodingFor(header)).toBe(negotiateEncoding(header));
      expect(encodingFor(header)).toBe(negotiateEncoding(header));
    }
  });

  it("counts invalidations, so a response built meanwhile can be told apart", () => {
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 1000 });
    const start = cache.generation;
    cache.set("/1", page("1", ["content"]));
    cache.get("/1");
    expect(cache.generation).toBe(start);
    cache.invalidate("nothing-tagged");
    expect(cache.generation).toBe(start + 1);
    cache.clear();
    expect(cache.generation).toBe(start + 2);
  });

  it("keeps an expired entry for staleMs, answered only to who asks for a stale one", () => {
    let clock = 0;
    const cache = createResponseCache({ maxEntries: 10, ttlMs: 1000, staleMs: 500, now: () => clock });
    cache.set("/a", page("a"));
    clock = 1000;
    expect(cache.get("/a")).toBeUndefined();
    expect(cache.get("/a", { stale: true })?.body.toString()).toBe("a");
    clock = 1499;
    expect(cache.get("/a", { stale: true })).toBeDefined();
    clock = 1500;
    expect(cache.get("/a", { stale: true })).toBeUndefined();
    expect(cache.size).toBe(0);
    // an invalidated entry is gone, stale or not
    cache.set("/b", page("b", ["content"]));
    cache.invalidate("content");
    expect(cache.get("/b", { stale: true })).toBeUndefined();
  });
});
