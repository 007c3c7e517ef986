import type { Generated } from "kysely";

// Times are epoch milliseconds; booleans are 0/1 integers, alike on SQLite and PostgreSQL.

export interface SearchHotWordsTable {
  id: Generated<number>;
  word: string;
  position: number;
}

/** The search's own table: the hot words the editors list. */
export interface SearchTables {
  search_hot_words: SearchHotWordsTable;
}
