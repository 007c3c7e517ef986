import { Writable } from "node:stream";
import { headFilter } from "./head-filter.server.ts";

/** What the body may hold unread, and the Writable queue, before React is asked to wait (each). */
export const pageHighWaterMark = 16 * 1024;

/**
 * What React writes a page into, and the same page as a Fetch body: one Writable that drops the
 * head's modulepreload hints (head-filter.server.ts) and hands every chunk to a ReadableStream as it
 * is, not copied. It takes the place of three stages a chunk passed before: a Transform for the head,
 * a PassThrough, and React Router's Node-to-Fetch pump, which copied each chunk once more.
 *
 * Backpressure: a write is acknowledged once the reader has room (`pageHighWaterMark`); until then
 * React's writes queue in the Writable and React waits for its `drain`, as before. `onEnd` runs once
 * React has written the whole page; `onCancel` once the reader goes away first (the visitor left):
 * the entry aborts the render there. The Writable emits no `close` (React takes a close for a visitor
 * gone and makes an error of it, on every page).
 */
export function pageStream(handlers: { onEnd(): void; onCancel(reason: unknown): void }): {
  writable: Writable;
  body: ReadableStream<Uint8Array>;
} {
  const filter = headFilter();
  let controller: ReadableStreamDefaultController<Uint8Array> | null = null;
  let gone = false;
  let waiting: (() => void) | null = null;
  const go = () => {
    const next = waiting;
    waiting = null;
    next?.();
  };
  const body = new ReadableStream<Uint8Array>(
    {
      start(c) {
        controller = c;
      },
      pull: go,
      cancel(reason) {
        gone = true;
        go();
        handlers.onCancel(reason);
      },
    },
    { highWaterMark: pageHighWaterMark, size: (chunk) => chunk.byteLength },
  );
  const writable = new Writable({
    highWaterMark: pageHighWaterMark,
    emitClose: false,
    write(chunk: Buffer, _encoding, callback) {
      if (gone || !controller) return callback();
      const out = filter.push(chunk);
      if (out.length) controller.enqueue(out);
      if ((controller.desiredSize ?? 0) > 0) callback();
      else waiting = callback;
    },
    final(callback) {
      handlers.onEnd();
      if (!gone && controller) {
        const rest = filter.end();
        if (rest?.length) controller.enqueue(rest);
        controller.close();
      }
      callback();
    },
    destroy(error, callback) {
      // React destroys its destination with the error that ended the render
      if (error && !gone && controller) controller.error(error);
      gone = true;
      go();
      callback(error);
    },
  });
  return { writable, body };
}
