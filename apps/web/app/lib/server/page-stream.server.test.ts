import { describe, expect, it, vi } from "vitest";
import { pageHighWaterMark, pageStream } from "./page-stream.server.ts";

describe("pageStream", () => {
  it("R-WEB-SSR hands React's chunks to the body as they are, and ends it once React ends", async () => {
    const onEnd = vi.fn();
    const { writable, body } = pageStream({ onEnd, onCancel: vi.fn() });
    const closed = vi.fn();
    writable.on("close", closed);
    const chunk = Buffer.from("<html><head></head><body>");
    writable.write(chunk);
    writable.end(Buffer.from("</body></html>"));
    const out: Uint8Array[] = [];
    for await (const part of body) out.push(part);
    expect(out[0]?.buffer).toBe(chunk.buffer);
    expect(Buffer.concat(out).toString()).toBe("<html><head></head><body></body></html>");
    expect(onEnd).toHaveBeenCalledTimes(1);
    // React takes a `close` for a visitor gone and makes an error of it
    expect(closed).not.toHaveBeenCalled();
  });

  it("R-WEB-SSR hands what React writes between two flushes to the body as one chunk", async () => {
    const { writable, body } = pageStream({ onEnd: vi.fn(), onCancel: vi.fn() });
    const flush = (writable as unknown as { flush(): void }).flush;
    writable.write(Buffer.from("<html><head></head>"));
    writable.write(Buffer.from("<body><p>shell</p>"));
    flush();
    writable.write(Buffer.from("<p>streamed</p>"));
    writable.write(Buffer.from("</body></html>"));
    writable.end();
    const out: string[] = [];
    for await (const part of body) out.push(Buffer.from(part).toString());
    expect(out).toEqual(["<html><head></head><body><p>shell</p>", "<p>streamed</p></body></html>"]);
  });

  it("R-WEB-SSR holds React back while the reader has no room, and lets it go on as the reader reads", async () => {
    const { writable, body } = pageStream({ onEnd: vi.fn(), onCancel: vi.fn() });
    const part = Buffer.alloc(4096, 0x61);
    const parts = (2 * pageHighWaterMark) / part.length;
    let acknowledged = 0;
    for (let i = 0; i < parts; i++) writable.write(part, () => acknowledged++);
    await new Promise((r) => setImmediate(r));
    // the write that fills the body to its high-water mark waits for the reader, and what follows it
    expect(acknowledged).toBe(pageHighWaterMark / part.length - 1);
    expect(writable.writableNeedDrain).toBe(true);
    const reader = body.getReader();
    let read = 0;
    while (read < parts * part.length) read += ((await reader.read()).value as Uint8Array).length;
    await new Promise((r) => setImmediate(r));
    expect(acknowledged).toBe(parts);
  });

  it("R-WEB-SSR tells the entry when the reader goes away before the end, and takes no more", async () => {
    const onCancel = vi.fn();
    const { writable, body } = pageStream({ onEnd: vi.fn(), onCancel });
    writable.write(Buffer.from("<html><head></head>"));
    await body.cancel(new Error("gone"));
    expect(onCancel).toHaveBeenCalledTimes(1);
    await new Promise<void>((resolve) => writable.write(Buffer.from("<p>more</p>"), () => resolve()));
  });
});
