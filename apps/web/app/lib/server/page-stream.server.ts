import { Writable } from "node:stream";
import { headFilter } from "./head-filter.server.ts";

/** What the body may hold unread, and the Writable queue, before React is asked to wait (each). */
export const pageHighWaterMark = 64 * 1024;

/**
 * What React writes a page into, and the same page as a Fetch body: one Writable that drops the
 * head's modulepreload hints (head-filter.server.ts) and hands every chunk to a ReadableStream as it
 * is, not copied. It takes the place of three stages a chunk passed before: a Transform for the head,
 * a PassThrough, and React Router's Node-to-Fetch pump, which copied each chunk once more.
 *
 * What React writes between two of its flushes (it calls `flush()` when it has written what is ready,
 * as it does on a compression stream) goes to the body as one chunk: the page's shell is one piece,
 * each streamed part another, not a chunk per 4 KiB view.
 *
 * Backpressure: a write is acknowledged while the body has room (`pageHighWaterMark`); past it, what
 * was written goes to the body at once and the write waits for the reader; React's next writes queue
 * in the Writable and React waits for its `drain`, as before. `onEnd` runs once
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
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const send = () => {
    if (pending.length === 0 || gone || !controller) return;
    controller.enqueue(pending.length === 1 ? (pending[0] as Buffer) : Buffer.concat(pending, pendingBytes));
    pending = [];
    pendingBytes = 0;
  };
  const writable = new Writable({
    highWaterMark: pageHighWaterMark,
    emitClose: false,
    write(chunk: Buffer, _encoding, callback) {
      if (gone || !controller) return callback();
      const out = filter.push(chunk);
      if (out.length) {
        pending.push(out);
        pendingBytes += out.length;
      }
      if ((controller.desiredSize ?? 0) - pendingBytes > 0) return callback();
      send();
      waiting = callback;
    },
    final(callback) {
      handlers.onEnd();
      if (!gone && controller) {
        const rest = filter.end();
        if (rest?.length) {
          pending.push(rest);
          pendingBytes += rest.length;
        }
        send();
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
  // React's end of a burst (flushBuffered in react-dom/server)
  Object.assign(writable, { flush: send });
  return { writable, body };
}
