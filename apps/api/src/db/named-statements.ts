import { createHash } from "node:crypto";

/**
 * SQL texts PostgreSQL keeps prepared on each pooled connection under a name (decision 092), for a
 * hot read whose planning costs more than running it: `pg` then parses and plans it once per
 * connection, where an unnamed statement is parsed and planned at every call. Only a statement that
 * names every column it returns may be named: a prepared `select *` fails with "cached plan must not
 * change result type" once a migration adds a column to its table, which a rolling release does while
 * the older instances still serve. The names are the texts' hashes, the same in every process.
 */
const names = new Map<string, string>();
/** A bound far above the few statements named: anything beyond it is run unnamed. */
const most = 64;

/** Names `text`'s statement, so that `pg` prepares it once per connection. */
export function nameStatement(text: string): void {
  if (/\bselect\s+(?:distinct\s+)?(?:"?\w+"?\.)?\*/i.test(text) || /"\w+"\.\*/.test(text)) {
    throw new Error(`a named statement must name its columns (no *): ${text.slice(0, 120)}`);
  }
  if (names.size >= most || names.has(text)) return;
  names.set(text, `davmu_${createHash("sha256").update(text).digest("hex").slice(0, 24)}`);
}

/** The name `text`'s statement is prepared under, if it was named. */
export const statementName = (text: string): string | undefined => names.get(text);
