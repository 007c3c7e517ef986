import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bursts, encodeBursts } from "./html-stream.ts";

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
});
