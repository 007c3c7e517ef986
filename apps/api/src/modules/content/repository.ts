import { type Kysely, type Selectable, sql, type Transaction, type Updateable } from "kysely";
import { jsonObjectFrom as postgresJsonObjectFrom } from "kysely/helpers/postgres";
import { jsonObjectFrom as sqliteJsonObjectFrom } from "kysely/helpers/sqlite";
import { compiledOnce } from "../../db/compiled-once.ts";
import type { Dialect } from "../../db/database.ts";
import type { ContentsTable, Database, MediaAccountsTable } from "../../db/schema.ts";
import { isSealedArticleBody, storedArticleBody } from "../../lib/sanitize-html.ts";
import { indexTerms } from "../../lib/search-terms.ts";

export type ContentRow = Selectable<ContentsTable>;

/**
 * Every column of a content row, named: the content answer's read is a named statement, which may not
 * select `*` (db/named-statements.ts). A column added to the table and not here fails the type check.
 */
const contentColumns = Object.keys({
  id: true,
  external_id: true,
  content_type: true,
  group_id: true,
  title: true,
  summary: true,
  source_alias: true,
  body_html: true,
  body_clean_version: true,
  body_clean_seal: true,
  cover_url: true,
  thumb_url: true,
  publish_at: true,
  view_count: true,
  like_count: true,
  collect_count: true,
  duration_str: true,
  pic_num: true,
  payload_json: true,
  state: true,
  comment_available: true,
  enable_comment: true,
  mp_id: true,
  album_status: true,
  album_total: true,
  expired_at: true,
  created_at: true,
  updated_at: true,
  comment_count: true,
  detail_json: true,
  recommend_position: true,
} satisfies Record<keyof ContentRow, true>) as (keyof ContentRow)[];

/**
 * The columns a related item's card is made of (`toRelatedItem`): never the body or the media
 * details, which a list does not show and which are most of a row's bytes.
 */
export const relatedColumns = [
  "id",
  "content_type",
  "title",
  "source_alias",
  "publish_at",
  "view_count",
  "mp_id",
  "cover_url",
  "thumb_url",
  "duration_str",
  "pic_num",
  "payload_json",
] as const satisfies readonly (keyof ContentRow)[];
export type RelatedRow = Pick<ContentRow, (typeof relatedColumns)[number]>;
/** The same columns of the joined `contents as c`, for the relations query. */
const relatedColumnsOfC = relatedColumns.map((column) => `c.${column}` as const);
export type MediaAccountRow = Selectable<MediaAccountsTable>;
const mediaAccountColumns = Object.keys({
  id: true,
  key: true,
  name: true,
  avatar: true,
  description: true,
  created_at: true,
  follower_count: true,
} satisfies Record<keyof MediaAccountRow, true>) as (keyof MediaAccountRow)[];
/** Every column of the account (`a`), named: SQLite's JSON object is built from a named list. */
const mediaAccountColumnsOfA = mediaAccountColumns.map((column) => `a.${column}` as const);
/** A content item with what its answer shows beside it (`findForAnswer`). */
export interface ContentForAnswer {
  row: ContentRow;
  related: RelatedRow[];
  account: MediaAccountRow | null;
}
/** A change to an item; never the body's clean version, which only a written body sets (decision 090). */
export type ContentPatch = Omit<
  Updateable<ContentsTable>,
  "id" | "created_at" | "updated_at" | "body_clean_version" | "body_clean_seal"
>;

type Db = Kysely<Database> | Transaction<Database>;

/**
 * (Re)writes the search terms of one content item's title, which the search module reads. Call after
 * inserting or retitling it.
 */
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

/**
 * Cleans and seals every stored body that does not match its seal (decision 091: rows from before it,
 * cleaned under older rules, or changed by a writer that did not clean them), reading `batch` rows at a
 * time in id order, so that each is then served as stored. A body changed between its read and its
 * write here is left as that write made it (written through the API, it is sealed already; otherwise
 * the next run takes it). What a reader sees does not change (such a body was cleaned as it was read),
 * so no cache is told. Answers how many it cleaned.
 */
export async function cleanStoredBodies(db: Kysely<Database>, batch = 500): Promise<number> {
  let cleaned = 0;
  let after = 0;
  for (;;) {
    const rows = await db
      .selectFrom("contents")
      .select(["id", "body_html", "body_clean_seal"])
      .where("id", ">", after)
      .orderBy("id")
      .limit(batch)
      .execute();
    if (rows.length === 0) return cleaned;
    for (const row of rows) {
      if (isSealedArticleBody(row.body_html, row.body_clean_seal)) continue;
      const result = await db
        .updateTable("contents")
        .set(storedArticleBody(row.body_html))
        .where("id", "=", row.id)
        .where("body_html", "=", row.body_html)
        .where("body_clean_seal", "=", row.body_clean_seal)
        .executeTakeFirst();
      cleaned += Number(result.numUpdatedRows);
    }
    after = (rows.at(-1) as { id: number }).id;
  }
}

/** One query for each list of hidden states its callers pass, made at the list's first call. */
function perHiddenList<Q>(make: (hidden: readonly number[]) => Q): (hidden: readonly number[]) => Q {
  const queries = new Map<string, Q>();
  return (hidden) => {
    const key = hidden.join(",");
    let query = queries.get(key);
    if (query === undefined) {
      query = make(hidden);
      queries.set(key, query);
    }
    return query;
  };
}

export interface ContentRepositoryHooks {
  /** Called after a content item changed, with its id: caches drop what they hold of it. */
  changed?: (id: number) => void;
}

export function createContentRepository(db: Kysely<Database>, dialect: Dialect, hooks: ContentRepositoryHooks = {}) {
  // the reads of every content answer, built once (a miss of the kept answers runs them)
  const byId = compiledOnce(db, (id: number) => db.selectFrom("contents").selectAll().where("id", "=", id));
  const accountById = compiledOnce(db, (id: number) =>
    db.selectFrom("media_accounts").selectAll().where("id", "=", id),
  );
  // one query for each list of hidden states its callers pass (all pass the same constant today)
  const relatedQuery = perHiddenList((hidden) =>
    compiledOnce(db, (id: number) =>
      db
        .selectFrom("content_relations as r")
        .innerJoin("contents as c", "c.id", "r.related_id")
        .select(relatedColumnsOfC)
        .where("r.content_id", "=", id)
        .where("c.state", "not in", [...hidden])
        .orderBy("r.position")
        .orderBy("r.related_id"),
    ),
  );
  /**
   * An item's row, its published related items and its media account in one statement (decision 092):
   * one round trip and one pool connection on PostgreSQL, one statement on SQLite. The related items
   * come as a JSON array of their card's columns, ordered by the aggregate itself (editorial order, then
   * id, as `relatedQuery`), and the account as a JSON object (null for the organisation's own items),
   * both built by the database.
   */
  const jsonObjectFrom = dialect === "postgres" ? postgresJsonObjectFrom : sqliteJsonObjectFrom;
  const relatedFields = sql.join(relatedColumns.map((column) => sql`${sql.lit(column)}, ${sql.ref(`c.${column}`)}`));
  const relatedJson =
    dialect === "postgres"
      ? sql`coalesce(json_agg(json_build_object(${relatedFields}) order by r.position, r.related_id), '[]'::json)`
      : sql`coalesce(json_group_array(json_object(${relatedFields}) order by r.position, r.related_id), '[]')`;
  const forAnswerQuery = perHiddenList((hidden) =>
    compiledOnce(
      db,
      (id: number) =>
        db
          .selectFrom("contents as item")
          .select(contentColumns.map((column) => `item.${column}` as const))
          .select((eb) =>
            eb
              .selectFrom("content_relations as r")
              .innerJoin("contents as c", "c.id", "r.related_id")
              .select(relatedJson.as("items"))
              .whereRef("r.content_id", "=", "item.id")
              .where("c.state", "not in", [...hidden])
              .as("related"),
          )
          .select((eb) =>
            jsonObjectFrom(
              eb.selectFrom("media_accounts as a").select(mediaAccountColumnsOfA).whereRef("a.id", "=", "item.mp_id"),
            ).as("account"),
          )
          .where("item.id", "=", id),
      // PostgreSQL plans this statement once per connection, not at every miss (decision 092)
      { named: true },
    ),
  );
  return {
    /** Changes a content item, stamps its `updated_at` and tells the caches. Answers whether it exists. */
    async update(id: number, patch: ContentPatch): Promise<boolean> {
      // a new body is cleaned as it is written, like an imported one (decision 090)
      const body = patch.body_html === undefined ? {} : storedArticleBody(patch.body_html);
      const result = await db
        .updateTable("contents")
        .set({ ...patch, ...body, updated_at: Date.now() })
        .where("id", "=", id)
        .executeTakeFirst();
      const found = Number(result.numUpdatedRows) > 0;
      if (found) hooks.changed?.(id);
      return found;
    },

    findById: async (id: number): Promise<ContentRow | undefined> => (await byId(id))[0],

    findMediaAccount: async (id: number): Promise<MediaAccountRow | undefined> => (await accountById(id))[0],

    /** Published related items of a content item, in editorial order. */
    relatedTo: (id: number, hidden: readonly number[]) => relatedQuery(hidden)(id),

    /**
     * A content item with what its answer shows beside it, in one statement: its published related
     * items (as `relatedTo` answers them) and its media account (as `findMediaAccount` does; null for
     * the organisation's own items).
     */
    async findForAnswer(id: number, hidden: readonly number[]): Promise<ContentForAnswer | undefined> {
      const found = (await forAnswerQuery(hidden)(id))[0];
      if (found === undefined) return undefined;
      const { related, account, ...row } = found;
      // SQLite answers JSON as text, PostgreSQL's driver parses it
      const parsed = (value: unknown) => (typeof value === "string" ? JSON.parse(value) : value);
      return {
        row,
        related: parsed(related) as RelatedRow[],
        account: (parsed(account) ?? null) as MediaAccountRow | null,
      };
    },

    /** Published members of an album (group 0) or of a special's groups, in editorial order. */
    members: (parentId: number, hiddenStates: readonly number[], opts: { offset?: number; limit?: number } = {}) =>
      db
        .selectFrom("content_members as m")
        .innerJoin("contents as c", "c.id", "m.member_id")
        .selectAll("c")
        .select(["m.group_index", "m.position"])
        .where("m.parent_id", "=", parentId)
        .where("c.state", "not in", hiddenStates)
        .orderBy("m.group_index")
        .orderBy("m.position")
        .offset(opts.offset ?? 0)
        .limit(opts.limit ?? 1000)
        .execute(),
    async countMembers(parentId: number, hiddenStates: readonly number[]) {
      const row = await db
        .selectFrom("content_members as m")
        .innerJoin("contents as c", "c.id", "m.member_id")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("m.parent_id", "=", parentId)
        .where("c.state", "not in", hiddenStates)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    /** Published since `since`, most viewed first (the 72-hour hot list). */
    hotSince: (since: number, limit: number, hiddenStates: readonly number[]) =>
      db
        .selectFrom("contents")
        .selectAll()
        .where("state", "not in", hiddenStates)
        .where("publish_at", ">=", since)
        .where("content_type", "not in", ["h5", "link"])
        .orderBy("view_count", "desc")
        .orderBy("id", "desc")
        .limit(limit)
        .execute(),
    /** The editors' recommended list, in their order. */
    async recommended(opts: { offset: number; limit: number; hiddenStates: readonly number[] }) {
      const query = db
        .selectFrom("contents")
        .where("state", "not in", opts.hiddenStates)
        .where("recommend_position", "is not", null);
      const [rows, count] = await Promise.all([
        query.selectAll().orderBy("recommend_position").orderBy("id").offset(opts.offset).limit(opts.limit).execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
    /** Other published items of a content type, newest first (albums related to an album). */
    latestOfType: (contentType: string, exceptId: number, limit: number, hiddenStates: readonly number[]) =>
      db
        .selectFrom("contents")
        .select(relatedColumns)
        .where("content_type", "=", contentType)
        .where("id", "!=", exceptId)
        .where("state", "not in", hiddenStates)
        .orderBy("publish_at", "desc")
        .limit(limit)
        .execute(),
    /** A page of published content, newest first, optionally of one group. */
    async page(opts: { groupId?: string; offset: number; limit: number; hiddenStates: readonly number[] }) {
      let query = db.selectFrom("contents").where("state", "not in", opts.hiddenStates);
      if (opts.groupId) query = query.where("group_id", "=", opts.groupId);
      const [rows, count] = await Promise.all([
        query
          .selectAll()
          .orderBy("publish_at", "desc")
          .orderBy("id", "desc")
          .offset(opts.offset)
          .limit(opts.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(count.n) };
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
