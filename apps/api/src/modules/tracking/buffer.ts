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

/**
 * The multi-row INSERT of `rows` rows, written once per size and dialect. At tens of thousands of
 * rows a second, building each statement through the query builder cost more than running it.
 */
const statements = new Map<string, string>();
function insertSql(dialect: "sqlite" | "postgres", rows: number): string {
  const key = `${dialect}:${rows}`;
  let text = statements.get(key);
  if (!text) {
    let n = 0;
    const tuple = () => `(${columns.map(() => (dialect === "postgres" ? `$${++n}` : "?")).join(",")})`;
    const values = Array.from({ length: rows }, tuple).join(",");
    text = `insert into tracking_events (${columns.join(",")}) values ${values} on conflict (event_id, content_id) do nothing`;
    if (statements.size > 64) statements.clear();
    statements.set(key, text);
  }
  return text;
}

/**
 * The write buffer of the tracking beacon: events taken are answered at once and written together,
 * when `size` rows wait or `flushMs` after the first, in multi-row inserts inside one transaction.
 * A row already stored (same event id and content id) is skipped by the unique key. A failed write
 * keeps its rows for the next one. `close` writes whatever waits: the server calls it on shutdown,
 * after the last request is answered, so no acknowledged event is lost.
 */
export function createWriteBuffer(db: TrackingDb, dialect: "sqlite" | "postgres", options: WriteBufferOptions) {
  let pending: TrackingEventsTable[] = [];
  let timer: NodeJS.Timeout | null = null;
  let writing: Promise<void> | null = null;
  let stored = 0;

  async function write(rows: TrackingEventsTable[]): Promise<void> {
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += rowsPerInsert) {
        const part = rows.slice(i, i + rowsPerInsert);
        const parameters: unknown[] = [];
        for (const row of part) for (const column of columns) parameters.push(row[column]);
        await trx.executeQuery(CompiledQuery.raw(insertSql(dialect, part.length), parameters));
      }
    });
    stored += rows.length;
    options.onStored?.(new Set(rows.map((row) => row.hour)));
  }

  function schedule() {
    if (timer === null && pending.length > 0) {
      timer = setTimeout(() => {
        timer = null;
        void flush().catch(() => {});
      }, options.flushMs);
      timer.unref?.();
    }
  }

  /** Writes every waiting row; resolves when they are stored (rejects, keeping them, when the write fails). */
  async function flush(): Promise<void> {
    while (writing) await writing.catch(() => {});
    if (pending.length === 0) return;
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    const rows = pending;
    pending = [];
    writing = write(rows).catch((error) => {
      pending = rows.concat(pending);
      options.onError?.(error, rows.length);
      schedule();
      throw error;
    });
    try {
      await writing;
    } finally {
      writing = null;
    }
    // rows that came in while this write ran, enough for another
    if (pending.length >= options.size) void flush().catch(() => {});
  }

  return {
    /** Whether the buffer can take more rows (false while the database refuses writes and rows pile up). */
    accepting: () => pending.length < options.maxPending,
    add(rows: readonly TrackingEventsTable[]) {
      for (const row of rows) pending.push(row);
      if (pending.length >= options.size && !writing) void flush().catch(() => {});
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
          if (pending.length === 0 && !writing) return;
        } catch (error) {
          if (attempt >= 4) throw error;
          await new Promise((resolve) => setTimeout(resolve, 200 * (attempt + 1)));
        }
      }
    },
  };
}
export type WriteBuffer = ReturnType<typeof createWriteBuffer>;
