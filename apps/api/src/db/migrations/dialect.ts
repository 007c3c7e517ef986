import { type CreateTableBuilder, type Kysely, PostgresAdapter } from "kysely";

// biome-ignore lint/suspicious/noExplicitAny: migrations run against the schema as it was, not as it is typed today
export type AnyDb = Kysely<any>;

export function isPostgres(db: AnyDb): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** Adds an auto-incrementing integer primary key `id`, spelled for each dialect. */
export function withId<T extends string>(db: AnyDb, table: CreateTableBuilder<T, never>): CreateTableBuilder<T, "id"> {
  return isPostgres(db)
    ? table.addColumn("id", "serial", (c) => c.primaryKey())
    : table.addColumn("id", "integer", (c) => c.primaryKey().autoIncrement());
}
