import { Worker } from "node:worker_threads";
import { CompiledQuery } from "kysely";
import { type Executor, type PlannedBatch, rowsOf, storeRows } from "./store.ts";
import type { TrackingDb } from "./tables.ts";

export interface WriteBufferOptions {
  /** rows that start a write at once */
  size: number;
  /** longest a row waits before it is written */
  flushMs: number;
  /** rows taken and not yet stored; past this the beacon answers 503 */
  maxPending: number;
  onError?: (error: unknown, rows: number) => void;
}

/** Where the writes go: a thread of their own with its own connection, or this thread's database. */
export type WriteTarget = { dialect: "sqlite"; path: string } | { dialect: "postgres"; url: string } | null;

interface Writer {
  write(batches: PlannedBatch[]): Promise<number>;
  stop(): Promise<void>;
  /** writes at once: the thread takes the next while it stores one */
  parallel: number;
  /** rows per write */
  rows: number;
}

/** The writer thread (writer-thread.ts): the request thread only hands the batches over. */
function threadWriter(target: NonNullable<WriteTarget>): Writer {
  const worker = new Worker(new URL("./writer-thread.ts", import.meta.url), { workerData: target });
  worker.unref();
  const waiting = new Map<number, { resolve: (stored: number) => void; reject: (error: Error) => void }>();
  let next = 0;
  let exited = false;
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("message", (answer: { id: number; ok: boolean; stored?: number; error?: string }) => {
    const entry = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.ok) entry?.resolve(answer.stored ?? 0);
    else entry?.reject(new Error(answer.error ?? "tracking write failed"));
  });
  worker.on("error", failAll);
  worker.on("exit", () => {
    exited = true;
    failAll(new Error("the tracking writer thread stopped"));
  });
  const send = (message: { batches?: PlannedBatch[]; stop?: boolean }) =>
    new Promise<number>((resolve, reject) => {
      if (exited) return reject(new Error("the tracking writer thread stopped"));
      const id = next++;
      waiting.set(id, { resolve, reject });
      worker.postMessage({ id, ...message });
    });
  return {
    write: (batches) => send({ batches }),
    async stop() {
      if (!exited) await send({ stop: true }).catch(() => {});
      await worker.terminate();
    },
    // one more than the thread writes at once: the next is there when one ends
    parallel: target.dialect === "postgres" ? 3 : 2,
    rows: 20_000,
  };
}

/** Writes through the app's own connection (an in-memory SQLite database has only that one). */
function localWriter(db: TrackingDb, dialect: "sqlite" | "postgres"): Writer {
  return {
    async write(batches) {
      const rows = rowsOf(batches);
      return db.transaction().execute((trx) => {
        const execute = (sql: string, parameters: readonly unknown[]) =>
          trx.executeQuery(CompiledQuery.raw(sql, [...parameters]));
        const executor: Executor = {
          dialect,
          query: async (sql, parameters) => (await execute(sql, parameters)).rows as Array<Record<string, unknown>>,
          run: async (sql, parameters) => Number((await execute(sql, parameters)).numAffectedRows ?? 0),
        };
        return storeRows(executor, rows);
      });
    },
    stop: async () => {},
    parallel: 1,
    rows: 2000,
  };
}

/**
 * The write buffer of the tracking beacon (decision 038): batches taken are answered at once and kept
 * as their JSON text with the events picked from them; they are written together when `size` rows
 * wait or `flushMs` after the first, by a writer thread that makes the rows, stores them and counts
 * them into the roll-ups in one transaction. A failed write keeps its batches for the next one.
 * `close` writes whatever waits: the server calls it on shutdown, after the last request is answered,
 * so no acknowledged event is lost.
 */
export function createWriteBuffer(
  db: TrackingDb,
  dialect: "sqlite" | "postgres",
  target: WriteTarget,
  options: WriteBufferOptions,
) {
  let pending: PlannedBatch[] = [];
  let pendingRows = 0;
  let writingRows = 0;
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();
  let stored = 0;
  const writer = target ? threadWriter(target) : localWriter(db, dialect);
  const rowsIn = (batch: PlannedBatch) => {
    let n = 0;
    for (let i = 0; i < batch.picks.length; i += 2 + (batch.picks[i + 1] as number)) n += batch.picks[i + 1] as number;
    return n;
  };

  function schedule() {
    if (timer === null && pending.length > 0) {
      timer = setTimeout(() => {
        timer = null;
        kick();
      }, options.flushMs);
      timer.unref?.();
    }
  }

  /** Starts a write of the oldest waiting batches when the writer can take one; answers it, or null. */
  function startWrite(): Promise<void> | null {
    if (pending.length === 0 || inFlight.size >= writer.parallel) return null;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    let rows = 0;
    let count = 0;
    while (count < pending.length && rows < writer.rows) rows += rowsIn(pending[count++] as PlannedBatch);
    const batches = pending.slice(0, count);
    pending = pending.slice(count);
    pendingRows -= rows;
    writingRows += rows;
    const written: Promise<void> = writer
      .write(batches)
      .then(
        (n) => {
          stored += n;
        },
        (error) => {
          pending = batches.concat(pending);
          pendingRows += rows;
          options.onError?.(error, rows);
          throw error;
        },
      )
      .finally(() => {
        writingRows -= rows;
        inFlight.delete(written);
      });
    inFlight.add(written);
    written.then(
      () => (pendingRows >= options.size ? kick() : schedule()),
      () => schedule(),
    );
    return written;
  }

  function kick() {
    while (startWrite()) {
      // the writer takes what it can
    }
  }

  /** Writes every waiting batch; resolves when none waits (rejects, keeping them, when a write fails). */
  async function flush(): Promise<void> {
    for (;;) {
      kick();
      if (inFlight.size === 0) return;
      await Promise.race(inFlight);
    }
  }

  return {
    /** Whether the buffer can take more rows (false while writes fall behind and rows pile up). */
    accepting: () => pendingRows + writingRows < options.maxPending,
    add(batch: PlannedBatch) {
      if (batch.picks.length === 0) return;
      pending.push(batch);
      pendingRows += rowsIn(batch);
      if (pendingRows >= options.size) kick();
      else schedule();
    },
    flush,
    pendingRows: () => pendingRows + writingRows,
    /** rows stored by this buffer (an event stored before by anyone is not counted) */
    storedRows: () => stored,
    /** Stops the timer and writes what waits; tries again a few times when a write fails. */
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      for (let attempt = 0; ; attempt++) {
        try {
          await flush();
          if (pending.length === 0 && inFlight.size === 0) {
            await writer.stop();
            return;
          }
        } catch (error) {
          if (attempt >= 4) {
            await writer.stop();
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
    },
  };
}
export type WriteBuffer = ReturnType<typeof createWriteBuffer>;
