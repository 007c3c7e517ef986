import { Readable } from "node:stream";
import { constants, createBrotliCompress, createGzip } from "node:zlib";
import type { Encoding } from "@davmu/http-cache/response-cache";

const notReady = Symbol("not ready");

/**
 * Groups a streamed body into bursts: every chunk that is ready before the event loop turns goes out
 * in one piece. React writes a rendered shell as many small chunks at once; sent as one burst, the
 * first packet of a page holds its whole head and the top of its content.
 */
export async function* bursts(stream: ReadableStream<Uint8Array>): AsyncGenerator<Buffer> {
  const reader = stream.getReader();
  try {
    let pending = reader.read();
    for (;;) {
      const first = await pending;
      if (first.done) return;
      const parts: Uint8Array[] = [first.value];
      let done = false;
      for (;;) {
        pending = reader.read();
        const next = await Promise.race([pending, new Promise<typeof notReady>((r) => setImmediate(r, notReady))]);
        if (next === notReady) break;
        if (next.done) {
          done = true;
          break;
        }
        parts.push(next.value);
      }
      // a burst of one chunk (the page's writer hands React's bursts on whole) is passed on, not copied
      const only = parts.length === 1 ? (parts[0] as Uint8Array) : null;
      yield only ? Buffer.from(only.buffer, only.byteOffset, only.byteLength) : Buffer.concat(parts);
      if (done) return;
    }
  } finally {
    // the visitor went away, or the stream ended: stop rendering either way
    reader.cancel().catch(() => {});
  }
}

/**
 * Brotli for a page as it streams: quality 3, and a window of 256 KiB rather than the default 4 MiB.
 * A streamed page is one rendered for a visitor (or a miss the page cache then keeps at quality 9, and
 * at 11 once asked for again: decision 101),
 * so its compression is paid on every such request: quality 3 costs about half of quality 4's CPU for
 * about 6% more bytes (decision 081), and every page still fits a first congestion window. A page is
 * smaller than the window, so it compresses as small; the compressor's memory is a sixteenth, which
 * each of a hundred pages compressed at once allocates and clears.
 */
export const brotliParams = {
  [constants.BROTLI_PARAM_QUALITY]: 3,
  [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
  [constants.BROTLI_PARAM_LGWIN]: 18,
};

/** Gzip for a page as it streams (clients without brotli): level 4, for the same reason (decision 081). */
export const gzipLevel = 4;

/**
 * A streamed HTML body in the given encoding, compressed burst by burst: each burst is flushed out of
 * the compressor at once, so the browser can render the top of the page while the rest is written.
 * `onEnd` receives the whole uncompressed body once it has been sent (for the response cache).
 */
export function encodeBursts(
  stream: ReadableStream<Uint8Array>,
  encoding: Encoding,
  onEnd?: (body: Buffer) => void,
): Readable {
  async function* encoded() {
    const raw: Buffer[] = [];
    if (encoding === "identity") {
      for await (const burst of bursts(stream)) {
        raw.push(burst);
        yield burst;
      }
    } else {
      const compressor =
        encoding === "br" ? createBrotliCompress({ params: brotliParams }) : createGzip({ level: gzipLevel });
      const out: Buffer[] = [];
      compressor.on("data", (chunk: Buffer) => out.push(chunk));
      const take = () => Buffer.concat(out.splice(0));
      try {
        for await (const burst of bursts(stream)) {
          raw.push(burst);
          compressor.write(burst);
          await new Promise<void>((resolve) =>
            compressor.flush(encoding === "br" ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH, () =>
              resolve(),
            ),
          );
          yield take();
        }
        await new Promise<void>((resolve, reject) => {
          compressor.once("end", resolve);
          compressor.once("error", reject);
          compressor.end();
        });
        const rest = take();
        if (rest.length) yield rest;
      } finally {
        compressor.destroy();
      }
    }
    onEnd?.(Buffer.concat(raw));
  }
  return Readable.from(encoded(), { objectMode: false });
}
