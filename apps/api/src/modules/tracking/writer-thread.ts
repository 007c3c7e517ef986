import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";
import pg from "pg";
import { type Executor, type PlannedBatch, rowsOf, storeRows } from "./store.ts";

/**
 * The tracking buffer's writer, on a thread of its own (buffer.ts, decision 038): it makes the rows
 * of the batches it is sent (parsing their JSON again here, off the request thread), stores them and
 * counts them into the roll-ups in one transaction per message, on its own connection (SQLite in WAL,
 * so the server's reads go on: one write after another; or two PostgreSQL connections, two writes at
 * once, their roll-up rows locked in one order), and answers when they are stored.
 */
type Target = { dialect: "sqlite"; path: string } | { dialect: "postgres"; url: string };
const target = workerData as Target;
const writesAtOnce = target.dialect === "postgres" ? 2 : 1;

/** Runs `write` in a transaction of this thread's connection. */
let transaction: (write: (db: Executor) => Promise<number>) => Promise<number>;
let close: () => Promise<void>;

if (target.dialect === "sqlite") {
  const db = new SQLite(target.path);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("synchronous = NORMAL");
  // the unique key's pages are written all over (event ids are random): keep more of them in memory
  db.pragma("cache_size = -65536");
  const statements = new Map<string, SQLite.Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size > 256) statements.clear();
      statements.set(sql, statement);
    }
    return statement;
  };
  const executor: Executor = {
    dialect: "sqlite",
    async query(sql, parameters) {
      const statement = prepared(sql);
      if (statement.reader) return statement.all(...parameters) as Array<Record<string, unknown>>;
      statement.run(...parameters);
      return [];
    },
    async run(sql, parameters) {
      return prepared(sql).run(...parameters).changes;
    },
  };
  transaction = async (write) => {
    db.exec("begin immediate");
    try {
      const stored = await write(executor);
      db.exec("commit");
      return stored;
    } catch (error) {
      if (db.inTransaction) db.exec("rollback");
      throw error;
    }
  };
  close = async () => {
    db.close();
  };
} else {
  // two connections: one write's insert goes on while the other's waits on a roll-up row or commits
  const pool = new pg.Pool({
    connectionString: target.url,
    max: writesAtOnce,
    connectionTimeoutMillis: 5000,
    application_name: "davmu-tracking-writer",
    // a write stuck on a lock or a frozen server fails, and is tried again, rather than hold for ever
    statement_timeout: 30_000,
    query_timeout: 31_000,
  });
  pool.on("error", () => {
    // an idle connection lost: the pool drops it and connects again when asked
  });
  const lost = new WeakSet<pg.Client>();
  pool.on("connect", (client) => {
    // the pool listens for a connection's errors only while it is idle; one lost during a write (a
    // crash, an immediate restart) would end this thread: its query fails on its own, and the
    // connection is dropped when released
    client.on("error", () => lost.add(client));
  });
  transaction = async (write) => {
    const c = await pool.connect();
    let broken: Error | undefined;
    const executor: Executor = {
      dialect: "postgres",
      query: async (sql, parameters) => (await c.query(sql, parameters as unknown[])).rows,
      run: async (sql, parameters) => (await c.query(sql, parameters as unknown[])).rowCount ?? 0,
    };
    try {
      await c.query("begin");
      const stored = await write(executor);
      await c.query("commit");
      return stored;
    } catch (error) {
      await c.query("rollback").catch((lost: Error) => {
        broken = lost;
      });
      throw error;
    } finally {
      c.release(broken ?? (lost.has(c) ? new Error("connection lost") : undefined));
    }
  };
  close = () => pool.end();
}

/** Writes of this thread at once (PostgreSQL; SQLite has one writer), each in its own transaction. */
let running = 0;
const waiting: Array<() => void> = [];
const started = new Set<Promise<void>>();
async function write(message: { id: number; batches?: PlannedBatch[] }) {
  while (running >= writesAtOnce) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    const batches = message.batches ?? [];
    try {
      const stored = await transaction((db) => storeRows(db, rowsOf(batches)));
      parentPort?.postMessage({ id: message.id, ok: true, stored, refused: [] });
    } catch (error) {
      if (!refusedByDatabase(error) || batches.length === 0) throw error;
      // a batch the database refuses must not hold the others back for ever (and the instance not
      // ready with them): each is written alone, and those refused are set aside
      let stored = 0;
      const refused: number[] = [];
      for (const [index, batch] of batches.entries()) {
        try {
          stored += await transaction((db) => storeRows(db, rowsOf([batch])));
        } catch (alone) {
          if (!refusedByDatabase(alone)) throw alone;
          refused.push(index);
        }
      }
      parentPort?.postMessage({ id: message.id, ok: true, stored, refused, error: (error as Error).message });
    }
  } catch (error) {
    parentPort?.postMessage({ id: message.id, ok: false, error: (error as Error).message });
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

/**
 * Whether the database refused the rows themselves (a value it cannot hold), which writing them again
 * will not mend, rather than failed to write (gone, locked, timed out), which it will.
 */
function refusedByDatabase(error: unknown): boolean {
  if (error instanceof SyntaxError || error instanceof TypeError || error instanceof RangeError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  // PostgreSQL 22xxx data exception, 23xxx integrity constraint; SQLite's constraint and type errors
  return typeof code === "string" && (/^2[23]/.test(code) || /^SQLITE_(CONSTRAINT|MISMATCH|TOOBIG|RANGE)/.test(code));
}

// the connection is set up (SQLite's file opened; PostgreSQL's pool connects when asked)
parentPort?.postMessage({ ready: true });

parentPort?.on("message", (message: { id: number; batches?: PlannedBatch[]; stop?: boolean }) => {
  if (message.stop) {
    // after every write sent before it
    void Promise.allSettled([...started]).then(async () => {
      await close().catch(() => {});
      parentPort?.postMessage({ id: message.id, ok: true, stored: 0 });
    });
    return;
  }
  const done = write(message);
  started.add(done);
  void done.finally(() => started.delete(done));
});
