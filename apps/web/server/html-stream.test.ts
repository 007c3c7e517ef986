import { brotliCompressSync, brotliDecompressSync, constants, gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { brotliParams, bursts, encodeBursts, gzipLevel } from "./html-stream.ts";

/** A stream that writes `groups` of chunks, each group at once and the groups some time apart. */
function renderLike(groups: string[][], gapMs = 20): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    async start(controller) {
      for (const [i, group] of groups.entries()) {
        if (i > 0) await new Promise((r) => setTimeout(r, gapMs));
        for (const chunk of group) controller.enqueue(encoder.encode(chunk));
      }
      controller.close();
    },
  });
}

async function collect(iterable: AsyncIterable<Buffer>): Promise<string[]> {
  const out: string[] = [];
  for await (const chunk of iterable) out.push(chunk.toString());
  return out;
}

describe("streamed HTML", () => {
  it("sends the chunks written together as one burst", async () => {
    const out = await collect(
      bursts(renderLike([["<head>", "<style></style>", "</head><h1>题</h1>"], ["<p>正文</p>"]])),
    );
    expect(out).toEqual(["<head><style></style></head><h1>题</h1>", "<p>正文</p>"]);
  });

  it("compresses burst by burst: the first compressed piece alone holds the first burst", async () => {
    const pieces: Buffer[] = [];
    let whole = "";
    const stream = encodeBursts(
      renderLike([["<head>", "</head><h1>标题</h1><p>导语</p>"], ["<p>正文</p>"]]),
      "gzip",
      (b) => {
        whole = b.toString();
      },
    );
    for await (const piece of stream) pieces.push(piece as Buffer);
    expect(pieces.length).toBeGreaterThanOrEqual(2);
    // a sync-flushed deflate stream can be read up to the flush point
    const { inflateRawSync } = await import("node:zlib");
    expect(inflateRawSync((pieces[0] as Buffer).subarray(10), { finishFlush: 2 }).toString()).toBe(
      "<head></head><h1>标题</h1><p>导语</p>",
    );
    expect(gunzipSync(Buffer.concat(pieces)).toString()).toBe("<head></head><h1>标题</h1><p>导语</p><p>正文</p>");
    expect(whole).toBe("<head></head><h1>标题</h1><p>导语</p><p>正文</p>");
  });

  it("R-WEB-SSR brotli with a window of 256 KiB: a page below that decompresses whole and is as small as with the default window", async () => {
    const paragraph = (i: number) =>
      `<p data-i="${i}">第${i}段：江澜日报记者在现场看到，市民排队等候新开的地铁线路。</p>`;
    const body = Array.from({ length: 1000 }, (_, i) => paragraph(i)).join("");
    const page = `<head><title>标题</title></head><h1>标题</h1>${body}`;
    expect(Buffer.byteLength(page)).toBeGreaterThan(100 * 1024);
    expect(Buffer.byteLength(page)).toBeLessThan(256 * 1024);
    const pieces: Buffer[] = [];
    for await (const piece of encodeBursts(renderLike([[page]]), "br")) pieces.push(piece as Buffer);
    const sent = Buffer.concat(pieces);
    expect(brotliDecompressSync(sent).toString()).toBe(page);
    const { [constants.BROTLI_PARAM_LGWIN]: window, ...withDefaultWindow } = brotliParams;
    expect(window).toBe(18);
    const atDefault = brotliCompressSync(page, { params: withDefaultWindow }).length;
    expect(Math.abs(sent.length - atDefault)).toBeLessThanOrEqual(Math.ceil(atDefault * 0.01));
  });
  it("R-WEB-SSR a streamed page is compressed at a fast level: brotli 3 and gzip 4, within 8% of brotli 4's and gzip 6's bytes", async () => {
    // a page of about the article's make: a stylesheet in the head, then Chinese text in markup
    const rules = Array.from(
      { length: 300 },
      (_, i) => `.card-${i}{display:flex;margin:0 ${i % 16}px;color:var(--ink-${i % 5});font-size:${12 + (i % 6)}px}`,
    ).join("");
    const text = Array.from(
      { length: 120 },
      (_, i) =>
        `<p class="card-${i % 300}">第${i}段：江澜日报记者在青石巷看到，老街的修表铺开门营业，街坊排队取表。</p>`,
    ).join("");
    const page = `<head><title>老街修表匠</title><style>${rules}</style></head><h1>老街修表匠</h1>${text}`;
    const sent = async (encoding: "br" | "gzip") => {
      const pieces: Buffer[] = [];
      for await (const piece of encodeBursts(renderLike([[page.slice(0, 20000)], [page.slice(20000)]]), encoding))
        pieces.push(piece as Buffer);
      return Buffer.concat(pieces);
    };
    expect(brotliParams[constants.BROTLI_PARAM_QUALITY]).toBe(3);
    expect(gzipLevel).toBe(4);
    const br = await sent("br");
    const gzip = await sent("gzip");
    expect(brotliDecompressSync(br).toString()).toBe(page);
    expect(gunzipSync(gzip).toString()).toBe(page);
    const atQuality4 = brotliCompressSync(page, {
      params: { ...brotliParams, [constants.BROTLI_PARAM_QUALITY]: 4 },
    }).length;
    expect(br.length).toBeLessThanOrEqual(atQuality4 * 1.08);
    expect(gzip.length).toBeLessThanOrEqual(gzipSync(page, { level: 6 }).length * 1.08);
  });
});
