import { indexTerms } from "../../modules/search/terms.ts";
import { type AnyDb, withId } from "./dialect.ts";

/**
 * Search: a (term, content_id) index of title unigrams and bigrams (modules/search/terms.ts), so a
 * keyword search reads candidate ids from the primary key instead of scanning titles; and the hot
 * words editors put forward. Content already stored is indexed here; later writes index
 * themselves (`indexContentForSearch`).
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
