import { Worker } from "node:worker_threads";
import type { Journal, Segment } from "./journal.ts";
import type { PlannedBatch } from "./store.ts";
import type { TrackingDb } from "./tables.ts";
import { storeThroughConnection } from "./writes-repository.ts";

export interface WriteBufferOptions {
  /** rows that start a write at once */
  size: number;
  /** longest a row waits before it is written */
  flushMs: number;
  /** rows taken and not yet stored; past this the beacon answers 503 */
  maxPending: number;
  onError?: (error: unknown, rows: number) => void;
  /** Keeps every batch taken until it is stored, across the loss of the process (journal.ts). */
  journal?: Journal | null;
  /** Says what the writer thread went through (stopped, started again). */
  log?: (message: string, error?: unknown) => void;
}

/** Where the writes go: a thread of their own with its own connection, or this thread's database. */
export type WriteTarget = { dialect: "sqlite"; path: string } | { dialect: "postgres"; url: string } | null;

/** What a write came to: the rows stored, and the batches (by index) the database refused. */
interface Written {
  stored: number;
  refused: number[];
}

interface Writer {
  write(batches: PlannedBatch[]): Promise<Written>;
  stop(): Promise<void>;
  /** whether it can take a write now (a writer thread that stopped is started again after a pause) */
  running(): boolean;
  /** resolves once it runs, or after `timeoutMs` */
  whenRunning(timeoutMs: number): Promise<void>;
  /** the thread writing now, if any (for the metrics and the fault tests) */
  thread(): Worker | null;
  /** writes at once: the thread takes the next while it stores one */
  parallel: number;
  /** rows per write */
  rows: number;
}

/** The pauses before a writer thread that stopped is started again: the first, and the longest. */
const firstPauseMs = 1000;
const maxRestartPauseMs = 5000;

/**
 * The writer thread (writer-thread.ts): the request thread only hands the batches over. A thread that
 * stops (an error nothing caught, a native fault, a database file it cannot open) fails the writes it
 * held, whose batches the buffer keeps, and is started again after a pause that doubles, from 1 s to
 * 5 s, until one writes. It runs once it has said it is ready (its connection set up).
 */
function threadWriter(target: NonNullable<WriteTarget>, log: (message: string, error?: unknown) => void): Writer {
  const waiting = new Map<number, { resolve: (written: Written) => void; reject: (error: Error) => void }>();
  let next = 0;
  let worker: Worker | null = null;
  let ready = false;
  let readyWaiters: Array<() => void> = [];
  let stopping = false;
  let pauseMs = firstPauseMs;
  let restartTimer: NodeJS.Timeout | null = null;
  const again = () => {
    if (stopping) return;
    log(`the tracking writer thread stopped; starting it again in ${pauseMs} ms`);
    restartTimer = setTimeout(start, pauseMs);
    restartTimer.unref();
    pauseMs = Math.min(pauseMs * 2, maxRestartPauseMs);
  };
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  function start() {
    restartTimer = null;
    let started: Worker;
    try {
      started = new Worker(new URL("./writer-thread.ts", import.meta.url), { workerData: target });
    } catch (error) {
      log("the tracking writer thread could not start", error);
      return again();
    }
    started.unref();
    started.on(
      "message",
      (answer: { id: number; ok: boolean; stored?: number; refused?: number[]; error?: string; ready?: true }) => {
        if (answer.ready) {
          if (worker !== started) return;
          ready = true;
          for (const wake of readyWaiters) wake();
          readyWaiters = [];
          return;
        }
        const entry = waiting.get(answer.id);
        waiting.delete(answer.id);
        if (answer.ok) {
          pauseMs = firstPauseMs;
          entry?.resolve({ stored: answer.stored ?? 0, refused: answer.refused ?? [] });
        } else entry?.reject(new Error(answer.error ?? "tracking write failed"));
      },
    );
    started.on("error", (error) => log("the tracking writer thread failed", error));
    started.on("exit", () => {
      if (worker !== started) return;
      worker = null;
      ready = false;
      failAll(new Error("the tracking writer thread stopped"));
      again();
    });
    worker = started;
    ready = false;
  }
  start();
  const send = (message: { batches?: PlannedBatch[]; stop?: boolean }) =>
    new Promise<Written>((resolve, reject) => {
      const current = worker;
      if (!current) return reject(new Error("the tracking writer thread stopped"));
      const id = next++;
      waiting.set(id, { resolve, reject });
      current.postMessage({ id, ...message });
    });
  return {
    write: (batches) => send({ batches }),
    running: () => worker !== null && ready,
    whenRunning: (timeoutMs) =>
      new Promise<void>((resolve) => {
        if (worker !== null && ready) return resolve();
        const timer = setTimeout(resolve, timeoutMs);
        readyWaiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      }),
    thread: () => worker,
    async stop() {
      stopping = true;
      if (restartTimer) clearTimeout(restartTimer);
      const current = worker;
      if (current) {
        await send({ stop: true }).catch(() => {});
        await current.terminate();
      }
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
      const stored = await storeThroughConnection(db, dialect, batches);
      return { stored, refused: [] };
    },
    stop: async () => {},
    running: () => true,
    whenRunning: async () => {},
    thread: () => null,
    parallel: 1,
    rows: 2000,
  };
}

/**
 * The write buffer of the tracking beacon (decisions 038, 044): batches taken are appended to the
 * journal, answered at once and kept as their JSON text with the events picked from them; they are
 * written together when `size` rows wait or `flushMs` after the first, by a writer thread that makes
 * the rows, stores them and counts them into the roll-ups in one transaction. A failed write keeps its
 * batches for the next one, and the buffer is not `storing` until a write succeeds again: the beacon
 * then answers 503 and the instance is not ready, rather than acknowledge what it cannot store.
 * `close` writes whatever waits: the server calls it on shutdown, after the last request is answered,
 * so no acknowledged event is lost; what a killed process held is in its journal, replayed here.
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
  /** the last write failed, and none has succeeded since */
  let failing = false;
  /** closing: no timer is started any more; gave up: no write either (what waits stays in the journal) */
  let closed = false;
  let gaveUp = false;
  const log = options.log ?? (() => {});
  const writer = target ? threadWriter(target, log) : localWriter(db, dialect);
  const journal = options.journal ?? null;
  const segments = new WeakMap<PlannedBatch, Segment>();
  const rowsIn = (batch: PlannedBatch) => {
    let n = 0;
    for (let i = 0; i < batch.picks.length; i += 2 + (batch.picks[i + 1] as number)) n += batch.picks[i + 1] as number;
    return n;
  };

  function schedule() {
    if (timer === null && pending.length > 0 && !closed) {
      timer = setTimeout(() => {
        timer = null;
        kick();
      }, options.flushMs);
      timer.unref?.();
    }
  }

  /** Starts a write of the oldest waiting batches when the writer can take one; answers it, or null. */
  function startWrite(): Promise<void> | null {
    if (pending.length === 0 || inFlight.size >= writer.parallel || gaveUp) return null;
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
        (written) => {
          stored += written.stored;
          failing = false;
          // set aside, not retried: said in the log with their text, for an operator to look at
          for (const index of written.refused) {
            const batch = batches[index] as PlannedBatch;
            log(`a tracking batch the database refuses was set aside: ${batch.text.slice(0, 2000)}`);
          }
          if (journal) {
            for (const batch of batches) {
              const segment = segments.get(batch);
              if (segment) journal.stored(segment);
              segments.delete(batch);
            }
          }
        },
        (error) => {
          pending = batches.concat(pending);
          pendingRows += rows;
          failing = true;
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

  /**
   * Keeps a batch: in the journal first, then in memory. Throws when the journal cannot keep it.
   * `body` is the bytes its text was read from, when the caller has them (journal.ts).
   */
  function add(batch: PlannedBatch, body?: Buffer) {
    if (batch.picks.length === 0) return;
    if (journal) segments.set(batch, journal.append(batch, body));
    pending.push(batch);
    pendingRows += rowsIn(batch);
    if (pendingRows >= options.size) kick();
    else schedule();
  }

  // what processes killed before writing their buffers left in the journal's folder
  if (journal) {
    const recovered = journal.recover((batch) => add(batch));
    if (recovered > 0) log(`${recovered} tracking batches recovered from the journal of a stopped process`);
  }

  return {
    /** Whether the buffer can take more rows (false while writes fall behind and rows pile up). */
    accepting: () => pendingRows + writingRows < options.maxPending,
    /** Whether what is taken gets stored now: a writer runs and its last write did not fail. */
    storing: () => writer.running() && !failing,
    /** the writer thread now, if writes go to one */
    writerThread: () => writer.thread(),
    /** Resolves once the writer runs (its thread has set up its connection), or after `timeoutMs`. */
    whenStoring: (timeoutMs: number) => writer.whenRunning(timeoutMs),
    add,
    flush,
    pendingRows: () => pendingRows + writingRows,
    /** rows stored by this buffer (an event stored before by anyone is not counted) */
    storedRows: () => stored,
    /**
     * Stops the timer and writes what waits; tries again a few times when a write fails, and leaves
     * what it could not write in the journal.
     */
    async close(): Promise<void> {
      closed = true;
      if (timer) clearTimeout(timer);
      timer = null;
      for (let attempt = 0; ; attempt++) {
        try {
          await flush();
          if (pending.length === 0 && inFlight.size === 0) {
            await writer.stop();
            journal?.close(true);
            return;
          }
        } catch (error) {
          if (attempt >= 4) {
            gaveUp = true;
            await writer.stop();
            // what waits stays in the journal, for the next process started on this database
            journal?.close(false);
            throw error;
          }
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
    },
  };
}
export type WriteBuffer = ReturnType<typeof createWriteBuffer>;
