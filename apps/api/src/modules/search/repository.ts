import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { likePattern, queryTerms } from "../../lib/search-terms.ts";

/** The title index is written with the content it indexes (the content module's repository). */
export { indexContentForSearch, rebuildSearchIndex } from "../content/repository.ts";

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
export const searchIndexPlugin = repositoryPlugin(
  "search-index",
  "searchIndex",
  (app) => createSearchRepository(app.database.db),
  ["db", "contents"],
);
