import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressFast } from "./fast-compression.ts";

/** A content answer as the API sends it: Chinese text, links, counts. */
function contentAnswer(paragraphs: number): Buffer {
  const body = Array.from(
    { length: paragraphs },
    (_, i) =>
      `<p>第${i + 1}段：全市今年启动老旧小区改造项目${80 + i}个，惠及居民${3 + i}万户，加装电梯${120 + i * 7}部。</p>`,
  ).join("");
  return Buffer.from(
    JSON.stringify({
      code: 0,
      msg: "ok",
      data: { post_id: "lY34Jr7A", title: "城市更新：老街的新生活", content: body, view_count: 12345 },
    }),
  );
}

describe("a miss compressed at once", () => {
  it("R-SRV-1 brotli and gzip at the fastest level decode to the same bytes, and are smaller than the answer", () => {
    for (const size of [0, 1, 12, 60]) {
      const answer = contentAnswer(size);
      const br = compressFast(answer, "br");
      const gzip = compressFast(answer, "gzip");
      expect(brotliDecompressSync(br).equals(answer)).toBe(true);
      expect(gunzipSync(gzip).equals(answer)).toBe(true);
      if (answer.length > 1024) {
        expect(br.length).toBeLessThan(answer.length / 2);
        expect(gzip.length).toBeLessThan(answer.length / 2);
      }
    }
  });

  it("R-SRV-1 an empty body and bytes that do not compress still round-trip", () => {
    expect(brotliDecompressSync(compressFast(Buffer.alloc(0), "br")).length).toBe(0);
    expect(gunzipSync(compressFast(Buffer.alloc(0), "gzip")).length).toBe(0);
    const noise = brotliCompressSync(contentAnswer(40)); // already compressed: no redundancy left
    expect(brotliDecompressSync(compressFast(noise, "br")).equals(noise)).toBe(true);
    expect(gunzipSync(compressFast(noise, "gzip")).equals(noise)).toBe(true);
  });
});
