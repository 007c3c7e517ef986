import { CompiledQuery } from "kysely";
import { type Executor, type PlannedBatch, rowsOf, storeRows } from "./store.ts";
import type { TrackingDb } from "./tables.ts";

/**
 * Stores the batches' rows and counts them into the roll-ups (store.ts) through the app's own
 * connection, in one transaction; answers the rows stored.
 */
export function storeThroughConnection(
  db: TrackingDb,
  dialect: "sqlite" | "postgres",
  batches: readonly PlannedBatch[],
): Promise<number> {
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
}
