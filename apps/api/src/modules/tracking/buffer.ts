import { Worker } from "node:worker_threads";
import { CompiledQuery } from "kysely";
import type { TrackingDb, TrackingEventsTable } from "./tables.ts";

export interface WriteBufferOptions {
  /** rows that start a write at once */
  size: number;
  /** longest a row waits before it is written */
  flushMs: number;
  /** rows kept while the database refuses them; past this the beacon answers 503 */
  maxPending: number;
  /** hours of the rows just stored, for the roll-ups */
  onStored?: (hours: ReadonlySet<number>) => void;
  onError?: (error: unknown, rows: number) => void;
}

/** Rows per INSERT: 15 columns each, under SQLite's 32,766 and PostgreSQL's 65,535 parameters. */
const rowsPerInsert = 1000;

const columns = [
  "event_id",
  "content_id",
  "behavior",
  "at",
  "hour",
  "visit",
  "duration",
  "percent",
  "page_type",
  "series",
  "outcome",
  "device_type",
  "device_os",
  "user_id",
  "received_at",
] as const satisfies ReadonlyArray<keyof TrackingEventsTable>;

/** Each column's PostgreSQL type, for the arrays of an `unnest` insert. */
const pgTypes: Record<(typeof columns)[number], string> = {
  event_id: "text",
  content_id: "int",
  behavior: "text",
  at: "bigint",
  hour: "bigint",
  visit: "text",
  duration: "int",
  percent: "int",
  page_type: "text",
  series: "text",
  outcome: "text",
  device_type: "text",
  device_os: "text",
  user_id: "text",
  received_at: "bigint",
};
const onConflict = "on conflict (event_id, content_id) do nothing";
/** PostgreSQL: one array per column, whatever the rows' number (15 parameters, parsed once). */
const pgInsert = `insert into tracking_events (${columns.join(",")}) select * from unnest(${columns
  .map((column, i) => `$${i + 1}::${pgTypes[column]}[]`)
  .join(",")}) ${onConflict}`;

/**
 * SQLite: the multi-row INSERT of `rows` rows, written once per size. At tens of thousands of rows
 * a second, building each statement through the query builder cost more than running it.
 */
const statements = new Map<number, string>();
function sqliteInsert(rows: number): string {
  let text = statements.get(rows);
  if (!text) {
    const tuple = `(${columns.map(() => "?").join(",")})`;
    text = `insert into tracking_events (${columns.join(",")}) values ${Array(rows).fill(tuple).join(",")} ${onConflict}`;
    if (statements.size > 64) statements.clear();
    statements.set(rows, text);
  }
  return text;
}

/**
 * The write buffer of the tracking beacon: events taken are answered at once and written together,
 * when `size` rows wait or `flushMs` after the first. A row already stored (same event id and
 * content id) is skipped by the unique key. PostgreSQL takes several writes at once, each one
 * `unnest` insert; SQLite, which writes on this thread, one at a time in multi-row inserts of at most
 * `rowsPerWrite` rows, letting requests in between. A failed write keeps its rows for the next one.
 * `close` writes whatever waits: the server calls it on shutdown, after the last request is
 * answered, so no acknowledged event is lost.
 */
/**
 * Writes on a thread of its own (sqlite-writer.ts) into the SQLite file at `path`: the request
 * thread only hands the rows over.
 */
function sqliteWriterThread(path: string) {
  const worker = new Worker(new URL("./sqlite-writer.ts", import.meta.url), {
    workerData: { path, table: "tracking_events", columns: [...columns], suffix: onConflict, rowsPerInsert },
  });
  worker.unref();
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  let next = 0;
  const failAll = (error: Error) => {
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on("message", (answer: { id: number; ok: boolean; error?: string }) => {
    const entry = waiting.get(answer.id);
    waiting.delete(answer.id);
    if (answer.ok) entry?.resolve();
    else entry?.reject(new Error(answer.error ?? "tracking write failed"));
  });
  worker.on("error", failAll);
  worker.on("exit", () => failAll(new Error("the tracking writer thread stopped")));
  return {
    write(rows: readonly TrackingEventsTable[]): Promise<void> {
      const values: unknown[] = [];
      for (const row of rows) for (const column of columns) values.push(row[column]);
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, values });
      });
    },
    stop: () => worker.terminate(),
  };
}

export function createWriteBuffer(
  db: TrackingDb,
  dialect: "sqlite" | "postgres",
  options: WriteBufferOptions & { sqlitePath?: string },
) {
  let pending: TrackingEventsTable[] = [];
  let timer: NodeJS.Timeout | null = null;
  const inFlight = new Set<Promise<void>>();
  const writers = dialect === "postgres" ? 4 : 1;
  const rowsPerWrite = dialect === "postgres" ? 5000 : 2000;
  let stored = 0;
  // a file's writes go to a thread of their own; an in-memory database has only this connection
  const thread =
    dialect === "sqlite" && options.sqlitePath && options.sqlitePath !== ":memory:"
      ? sqliteWriterThread(options.sqlitePath)
      : null;

  async function write(rows: TrackingEventsTable[]): Promise<void> {
    if (thread) {
      await thread.write(rows);
    } else if (dialect === "postgres") {
      const arrays = columns.map((column) => rows.map((row) => row[column]));
      await db.executeQuery(CompiledQuery.raw(pgInsert, arrays));
    } else {
      await db.transaction().execute(async (trx) => {
        for (let i = 0; i < rows.length; i += rowsPerInsert) {
          const part = rows.slice(i, i + rowsPerInsert);
          const parameters: unknown[] = [];
          for (const row of part) for (const column of columns) parameters.push(row[column]);
          await trx.executeQuery(CompiledQuery.raw(sqliteInsert(part.length), parameters));
        }
      });
    }
    stored += rows.length;
    options.onStored?.(new Set(rows.map((row) => row.hour)));
  }

  function schedule() {
    if (timer === null && pending.length > 0) {
      timer = setTimeout(() => {
        timer = null;
        kick();
      }, options.flushMs);
      timer.unref?.();
    }
  }

  /** Starts a write of the oldest waiting rows when a writer is free; answers it, or null. */
  function startWrite(): Promise<void> | null {
    if (pending.length === 0 || inFlight.size >= writers) return null;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const rows = pending.slice(0, rowsPerWrite);
    pending = pending.slice(rows.length);
    const written: Promise<void> = write(rows)
      .catch((error) => {
        pending = rows.concat(pending);
        options.onError?.(error, rows.length);
        schedule();
        throw error;
      })
      .finally(() => inFlight.delete(written));
    inFlight.add(written);
    written.then(
      // more rows came in meanwhile: on SQLite, after the requests waiting have been read
      () => {
        if (pending.length >= options.size) (dialect === "sqlite" ? setImmediate : queueMicrotask)(kick);
        else schedule();
      },
      () => {},
    );
    return written;
  }

  function kick() {
    while (startWrite()) {
      // every free writer takes a part
    }
  }

  /** Writes every waiting row; resolves when none waits (rejects, keeping them, when a write fails). */
  async function flush(): Promise<void> {
    for (;;) {
      kick();
      if (inFlight.size === 0) return;
      await Promise.race(inFlight);
    }
  }

  return {
    /** Whether the buffer can take more rows (false while the database refuses writes and rows pile up). */
    accepting: () => pending.length < options.maxPending,
    add(rows: readonly TrackingEventsTable[]) {
      for (const row of rows) pending.push(row);
      if (pending.length >= options.size) kick();
      else schedule();
    },
    flush,
    pendingRows: () => pending.length,
    storedRows: () => stored,
    /** Stops the timer and writes what waits; tries again a few times when a write fails. */
    async close(): Promise<void> {
      if (timer) clearTimeout(timer);
      timer = null;
      for (let attempt = 0; ; attempt++) {
        try {
          await flush();
          if (pending.length === 0 && inFlight.size === 0) {
            await thread?.stop();
            return;
          }
        } catch (error) {
          if (attempt >= 4) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
    },
  };
}
export type WriteBuffer = ReturnType<typeof createWriteBuffer>;
