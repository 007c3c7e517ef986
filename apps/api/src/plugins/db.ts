import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { type DatabaseHandle, openDatabase } from "../db/database.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Config } from "./config.ts";

declare module "fastify" {
  interface FastifyInstance {
    database: DatabaseHandle;
  }
}

/**
 * Opens the database, brings its schema up to date and closes it with the server. When the schema
 * cannot be brought up to date (the database unreachable or too slow to answer, a migration refused),
 * the start fails and the database it opened is closed here, before its close hook exists; a start
 * that fails later closes it through that hook (`buildApp`).
 */
export const dbPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; database?: DatabaseHandle }) => {
    const handle =
      opts.database ?? openDatabase(opts.config.database, { statementTimeoutMs: opts.config.ops.dbStatementTimeoutMs });
    let applied: string[];
    try {
      applied = await migrateToLatest(handle.db);
    } catch (error) {
      if (!opts.database) await handle.destroy().catch(() => {});
      throw error;
    }
    if (applied.length) app.log.info({ migrations: applied }, "migrations applied");
    app.decorate("database", handle);
    app.addHook("onClose", async () => {
      if (!opts.database) await handle.destroy();
    });
  },
  { name: "db" },
);
