import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import sharp from "sharp";
import { unavailable } from "../lib/api-error.ts";
import { createWorkQueue, WorkRefused } from "../lib/work-queue.ts";

/** What a visitor is told when the pictures cannot be taken now; the answer carries Retry-After. */
export const picturesBusyMessage = "当前上传图片的人较多，图片暂时处理不过来，请稍后重试";

export interface PictureWork {
  /** Decodes and remakes one picture in the pool; 503 when the queue is full or the deadline passes first. */
  run<T>(job: () => Promise<T>, deadline: number): Promise<T>;
  /** The deadline of a request's pictures arriving now (PICTURE_WAIT_MS from now). */
  deadline(): number;
  /**
   * A place for one request's pictures, taken as it arrives and given back (the function answered)
   * once they are remade: at most PICTURE_WORKERS + PICTURE_QUEUE requests hold one, so one past them
   * is refused before its body is read rather than after its pictures were received. Null when none is free.
   */
  admit(): (() => void) | null;
  readonly running: number;
  readonly waiting: number;
}

declare module "fastify" {
  interface FastifyInstance {
    /** Uploaded pictures' decoding and renditions, bounded (R-REL-5). */
    pictureWork: PictureWork;
  }
}

/**
 * libvips' settings for a server that remakes uploads (R-REL-5, decision 043), set once per process.
 * Its operation cache keeps recent operations and their pixels (up to 50 MB and 100 operations by
 * default) in case the same input comes again; an upload never does, so the cache is off and a
 * picture's memory is handed back when its work ends. The threads each pipeline may use stay at one,
 * sharp's own choice under glibc's allocator: every thread that allocates pixels gets a malloc arena of
 * its own, and arenas hand little back to the system.
 */
function configureSharp() {
  sharp.cache(false);
  sharp.concurrency(1);
}

/**
 * V8's full collection, callable without starting Node with --expose-gc. A picture's bytes, its
 * multipart chunks and its renditions are Buffers outside V8's heap: an idle process feels no pressure
 * to collect them, and they stay resident until the next collection, which may be long in coming.
 */
function fullCollection(): () => void {
  const exposed = (globalThis as { gc?: () => void }).gc;
  if (exposed) return exposed;
  setFlagsFromString("--expose-gc");
  const gc = runInNewContext("gc") as () => void;
  // later contexts (the site's, tests') are not given it
  setFlagsFromString("--no-expose-gc");
  return gc;
}

/** After work, how long the pool must stay idle before a collection, and the least time between two. */
const collectAfterMs = 1000;
const collectEveryMs = 10_000;

/** The queue in front of picture work, sized by PICTURE_WORKERS, PICTURE_QUEUE and PICTURE_WAIT_MS. */
export const pictureWorkPlugin = fp(
  async (app: FastifyInstance) => {
    configureSharp();
    const { workers, queue: capacity, waitMs } = app.config.pictures;
    const queue = createWorkQueue({ concurrency: workers, capacity });
    let admitted = 0;
    // once a burst of pictures is over, their memory is handed back (R-REL-5: memory returns to its level)
    const collect = fullCollection();
    let collection: NodeJS.Timeout | undefined;
    let collectedAt = 0;
    const collectWhenIdle = () => {
      if (queue.running > 0 || queue.waiting > 0) return;
      clearTimeout(collection);
      const wait = Math.max(collectAfterMs, collectedAt + collectEveryMs - Date.now());
      collection = setTimeout(() => {
        if (queue.running > 0 || queue.waiting > 0) return;
        collectedAt = Date.now();
        collect();
      }, wait);
      collection.unref();
    };
    app.addHook("onClose", async () => clearTimeout(collection));
    app.decorate("pictureWork", {
      run: (job, deadline) =>
        queue
          .run(job, deadline)
          .catch((error: unknown) => {
            if (error instanceof WorkRefused) throw unavailable(picturesBusyMessage);
            throw error;
          })
          .finally(collectWhenIdle),
      deadline: () => Date.now() + waitMs,
      admit: () => {
        if (admitted >= workers + capacity || queue.full()) return null;
        admitted++;
        let held = true;
        return () => {
          if (held) admitted--;
          held = false;
        };
      },
      get running() {
        return queue.running;
      },
      get waiting() {
        return queue.waiting;
      },
    } satisfies PictureWork);
  },
  { name: "picture-work", dependencies: ["settings"] },
);
