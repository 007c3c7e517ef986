import type { Compilable, CompiledQuery, Kysely } from "kysely";
import { nameStatement } from "./named-statements.ts";

/** Stands for the n-th argument of a query declared with `compiledOnce` while its SQL is built. */
class Marker {
  readonly argument: number;
  constructor(argument: number) {
    this.argument = argument;
  }
}

/**
 * A query whose SQL is built once (decision 088), for the reads on a hot path (a content answer's
 * three). Kysely builds and compiles a query's SQL on every call: 5 µs for a row by id and 21 µs for
 * the related items' join, measured alone on SQLite, about as long as running them. It is built at its
 * first call with a marker in place of each argument; later calls put their values where the markers
 * were and run the same SQL. What is saved is Kysely's building and compiling alone: the SQLite
 * connection already reused its prepared statements by their SQL (database.ts), and `pg` sends an
 * unnamed statement that PostgreSQL parses and plans each time, unless the query is declared
 * `{ named: true }`: then it is prepared once per connection under a name (named-statements.ts,
 * decision 092), for a statement whose planning costs more than running it.
 *
 * An argument may only be a value the SQL binds (`where("id", "=", id)`). One that shapes the SQL (a
 * list, whose length makes `in (?, ?)`; a column; a direction) would be fixed at its first value, so
 * the first call throws when an argument is a list or does not reach the compiled parameters. The
 * builder must not look at its arguments (`if (id)`, `id + 1`): it sees markers, and a check cannot
 * tell when such a marker also reaches the parameters.
 */
export function compiledOnce<Db, A extends readonly unknown[], R>(
  db: Kysely<Db>,
  build: (...args: A) => Compilable<R>,
  options: { named?: boolean } = {},
): (...args: A) => Promise<R[]> {
  let compiled: CompiledQuery<R> | undefined;
  let sources: readonly (Marker | unknown)[] = [];
  return async (...args: A) => {
    if (compiled === undefined) {
      // a list's length shapes the SQL (`in (?, ?)`): it cannot be one bound value
      if (args.some((arg) => Array.isArray(arg))) {
        throw new Error("compiledOnce: the query cannot be built with its arguments as bound values (a list)");
      }
      const markers = args.map((_, n) => new Marker(n)) as unknown as A;
      let query: CompiledQuery<R>;
      try {
        query = build(...markers).compile();
      } catch (cause) {
        throw new Error("compiledOnce: the query cannot be built with its arguments as bound values", { cause });
      }
      const reached = new Set(query.parameters.flatMap((p) => (p instanceof Marker ? [p.argument] : [])));
      if (reached.size !== args.length) {
        throw new Error(`compiledOnce: the query cannot be built with its arguments as bound values: ${query.sql}`);
      }
      // PostgreSQL: prepared once per connection under a name (named-statements.ts)
      if (options.named) nameStatement(query.sql);
      compiled = query;
      sources = query.parameters;
    }
    const parameters = sources.map((source) => (source instanceof Marker ? args[source.argument] : source));
    const result = await db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}
