import type { Kysely, Transaction } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { indexTerms, likePattern, queryTerms } from "./terms.ts";

type Db = Kysely<Database> | Transaction<Database>;

/** (Re)writes the search terms of one content item's title. Call after inserting or retitling it. */
export async function indexContentForSearch(db: Db, contentId: number, title: string): Promise<void> {
  await db.deleteFrom("content_search_terms").where("content_id", "=", contentId).execute();
  const terms = indexTerms(title);
  if (terms.length > 0) {
    await db
      .insertInto("content_search_terms")
      .values(terms.map((term) => ({ term, content_id: contentId })))
      .execute();
  }
}

/** Rebuilds the whole search index from the contents table (demo seeding, repairs). */
export async function rebuildSearchIndex(db: Db): Promise<number> {
  const rows = await db.selectFrom("contents").select(["id", "title"]).orderBy("id").execute();
  for (const row of rows) await indexContentForSearch(db, row.id, row.title);
  return rows.length;
}

export function createSearchRepository(db: Kysely<Database>) {
  return {
    /**
     * A page of published content whose title holds the keyword, newest first. Candidates come from
     * the (term, content_id) primary key: ids holding every query term. Only those rows are read and
     * checked against the keyword's LIKE pattern, so no query scans the contents table.
     */
    async search(opts: {
      keyword: string;
      offset: number;
      limit: number;
      countUpTo: number;
      hidden: readonly number[];
    }) {
      const terms = queryTerms(opts.keyword);
      if (terms.length === 0) return { rows: [], total: 0 };
      const candidates = db
        .selectFrom("content_search_terms")
        .select("content_id")
        .where("term", "in", terms)
        .groupBy("content_id")
        .having((eb) => eb.fn.countAll(), "=", terms.length);
      const matches = db
        .selectFrom("contents")
        .where("id", "in", candidates)
        .where("state", "not in", opts.hidden)
        .where((eb) => eb(eb.fn("lower", ["title"]), "like", likePattern(opts.keyword)));
      const [rows, count] = await Promise.all([
        matches
          .selectAll()
          .orderBy("publish_at", "desc")
          .orderBy("id", "desc")
          .offset(opts.offset)
          .limit(opts.limit)
          .execute(),
        db
          .selectFrom(matches.select("id").limit(opts.countUpTo).as("m"))
          .select((eb) => eb.fn.countAll<number>().as("n"))
          .executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },

    hotWords: () =>
      db.selectFrom("search_hot_words").select(["word", "position"]).orderBy("position").limit(20).execute(),
  };
}
export type SearchRepository = ReturnType<typeof createSearchRepository>;

declare module "fastify" {
  interface FastifyInstance {
    searchIndex: SearchRepository;
  }
}

/** The search index and hot words, one repository per app. */
export const searchIndexPlugin = repositoryPlugin("search-index", "searchIndex", (app) =>
  createSearchRepository(app.database.db),
);
