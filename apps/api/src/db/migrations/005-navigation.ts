import { type AnyDb, withId } from "./dialect.ts";

/**
 * Search: a (term, content_id) index of title unigrams and bigrams, so a keyword search reads
 * candidate ids from the primary key instead of scanning titles; and the hot words editors put
 * forward. Content already stored is indexed here; later writes index themselves
 * (`indexContentForSearch`).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("content_search_terms")
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("content_search_terms_pk", ["term", "content_id"])
    .execute();
  await db.schema.createIndex("content_search_terms_content").on("content_search_terms").column("content_id").execute();

  await withId(db, db.schema.createTable("search_hot_words"))
    .addColumn("word", "text", (c) => c.notNull().unique())
    .addColumn("position", "integer", (c) => c.notNull())
    .execute();

  const rows: { id: number; title: string }[] = await db.selectFrom("contents").select(["id", "title"]).execute();
  for (const row of rows) {
    const terms = indexTerms(row.title);
    if (terms.length > 0) {
      await db
        .insertInto("content_search_terms")
        .values(terms.map((term) => ({ term, content_id: row.id })))
        .execute();
    }
  }
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("search_hot_words").execute();
  await db.schema.dropTable("content_search_terms").execute();
}

/**
 * The search terms of a title as this migration indexes them: every letter or digit (unigram) and
 * every pair of neighbours (bigram) within a run of letters and digits, after NFKC and lower-casing.
 * A frozen copy of `indexTerms` from modules/search/terms.ts: a migration imports no application
 * code, so a later change to the search module never changes what this migration does.
 */
function indexTerms(text: string): string[] {
  const terms = new Set<string>();
  for (const run of text
    .normalize("NFKC")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu) ?? []) {
    const cs = Array.from(run);
    for (let i = 0; i < cs.length; i++) {
      terms.add(cs[i] as string);
      if (i + 1 < cs.length) terms.add((cs[i] as string) + (cs[i + 1] as string));
    }
  }
  return [...terms];
}
