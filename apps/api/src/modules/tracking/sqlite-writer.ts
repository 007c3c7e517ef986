import { parentPort, workerData } from "node:worker_threads";
import SQLite from "better-sqlite3";

/**
 * The tracking buffer's SQLite writer, on a thread of its own (buffer.ts): better-sqlite3 writes
 * synchronously, and on the request thread every write held up the requests waiting behind it. This
 * thread has its own connection to the same file (WAL: the server's reads go on meanwhile), writes
 * each batch of rows it is sent in one transaction, and answers when they are stored.
 */
const { path, table, columns, suffix, rowsPerInsert } = workerData as {
  path: string;
  table: string;
  columns: string[];
  /** what follows the values (the conflict clause) */
  suffix: string;
  rowsPerInsert: number;
};
const width = columns.length;
const db = new SQLite(path);
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 5000");
db.pragma("synchronous = NORMAL");

const tuple = `(${Array(width).fill("?").join(",")})`;
const statements = new Map<number, SQLite.Statement>();
function insert(rows: number): SQLite.Statement {
  let kept = statements.get(rows);
  if (!kept) {
    kept = db.prepare(
      `insert into ${table} (${columns.join(",")}) values ${Array(rows).fill(tuple).join(",")} ${suffix}`,
    );
    if (statements.size > 16) statements.clear();
    statements.set(rows, kept);
  }
  return kept;
}

/** Row after row of `width` values each, flattened. */
const write = db.transaction((values: unknown[]) => {
  const step = rowsPerInsert * width;
  for (let i = 0; i < values.length; i += step) {
    const part = values.slice(i, i + step);
    insert(part.length / width).run(part);
  }
});

parentPort?.on("message", (message: { id: number; values: unknown[] }) => {
  try {
    write(message.values);
    parentPort?.postMessage({ id: message.id, ok: true });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, ok: false, error: (error as Error).message });
  }
});
